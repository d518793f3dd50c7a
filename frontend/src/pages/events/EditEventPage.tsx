import type { CreateEventPayload } from '@piste/contracts';
import { CalendarDays } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from '../../lib/router';
import { useTranslation } from '../../i18n/use-translation';
import { EventForm, eventValues } from '../../components/events/EventForm';
import { HeadedPage } from '../../components/PageHeader';
import { PageNotReady } from '../../components/PageNotReady';
import { failureText } from '../../lib/forms';
import { eventPath } from '../../lib/paths';
import { useEventPageStore } from '../../stores/event-page';
import { NotFoundPage } from '../NotFoundPage';

/** /events/:id/edit — the event's form, filled in, for its creator and its club's admins. */
export function EditEventPage() {
  const { id = '' } = useParams();
  const store = useEventPageStore();
  const { open, close } = store;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('events');

  useEffect(() => {
    void open(id);
    return close;
  }, [open, close, id]);

  if (store.status === 'not-found') return <NotFoundPage />;
  if (!store.page || store.id !== id) {
    return (
      <PageNotReady
        failed={store.status === 'error'}
        failedTitle={t('page.loadFailed')}
        loadingLabel={t('page.loading')}
        icon={CalendarDays}
        onRetry={() => void store.refresh()}
        bars={[['h-8 w-64 max-w-full', 'strong'], 'h-10 w-full', 'h-10 w-full', 'h-10 w-full']}
        width="max-w-2xl"
      />
    );
  }
  // Only its creator and its club's admins edit an event; anyone else has no such page.
  if (!store.page.canEdit) return <NotFoundPage />;

  const { event } = store.page;

  async function submit({ clubId: _clubId, ...edit }: CreateEventPayload) {
    setSaving(true);
    setServerError(null);
    try {
      await store.update(edit);
      navigate(eventPath(id));
    } catch (error) {
      setServerError(failureText(error, t('edit.failed')));
      setSaving(false);
    }
  }

  return (
    <HeadedPage width="narrow" title={t('edit.title')} subtitle={event.title}>
      <EventForm
        key={event.id}
        label={t('edit.title')}
        defaults={eventValues(event)}
        clubs={null}
        submitLabel={t('edit.submit')}
        savingLabel={t('edit.saving')}
        saving={saving}
        serverError={serverError}
        onSubmit={(payload) => void submit(payload)}
        onCancel={() => navigate(eventPath(id))}
      />
    </HeadedPage>
  );
}
