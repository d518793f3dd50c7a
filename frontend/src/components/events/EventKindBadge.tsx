import type { EventKind } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { EVENT_KIND_CLASSES, EVENT_KIND_LABELS } from './event-format';

/** What kind of event it is (Competition, Training, Camp, Social), in its colour. */
export function EventKindBadge({ kind }: { kind: EventKind }) {
  const { t } = useTranslation(['events']);
  return (
    <span
      data-testid="event-kind"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${EVENT_KIND_CLASSES[kind]}`}
    >
      {t(EVENT_KIND_LABELS[kind])}
    </span>
  );
}
