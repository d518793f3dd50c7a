import type { CreateEventPayload, SessionUser } from '@piste/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useTranslation } from '../../i18n/use-translation';
import { EventForm, newEventValues } from '../../components/events/EventForm';
import { HeadedPage } from '../../components/PageHeader';
import { failureText } from '../../lib/forms';
import { eventPath } from '../../lib/paths';
import { browserTimeZone } from '../../lib/zoned-time';
import { useEventPageStore } from '../../stores/event-page';
import { useHostingClubsStore } from '../../stores/hosting-clubs';

/**
 * /events/new — an event's title, kind, times where it happens, place and weapons; `?club=` adds it for a club
 * the user runs or coaches.
 */
export function CreateEventPage({ user }: { user: SessionUser }) {
  const create = useEventPageStore((s) => s.create);
  const clubsOf = useHostingClubsStore((s) => s.username);
  const clubs = useHostingClubsStore((s) => s.clubs);
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const defaults = useMemo(() => newEventValues(browserTimeZone()), []);

  useEffect(() => {
    void useHostingClubsStore.getState().load(user.username);
  }, [user.username]);

  async function submit(payload: CreateEventPayload) {
    setSaving(true);
    setServerError(null);
    try {
      const id = await create(payload);
      navigate(eventPath(id));
    } catch (error) {
      setServerError(failureText(error, t('create.failed')));
      setSaving(false);
    }
  }

  return (
    <HeadedPage width="narrow" title={t('create.title')} subtitle={t('create.subtitle')}>
      <EventForm
        label={t('create.title')}
        defaults={defaults}
        clubs={clubsOf === user.username ? clubs : []}
        preselectClubId={params.get('club')}
        submitLabel={t('create.submit')}
        savingLabel={t('create.creating')}
        saving={saving}
        serverError={serverError}
        onSubmit={(payload) => void submit(payload)}
        onCancel={() => navigate(-1)}
      />
    </HeadedPage>
  );
}
