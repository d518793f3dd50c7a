import type { CreateEventPayload, SessionUser } from '@piste/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
      void navigate(eventPath(id));
    } catch (error) {
      setServerError(failureText(error, 'The event could not be created. Please try again.'));
      setSaving(false);
    }
  }

  return (
    <HeadedPage
      width="narrow"
      title="Create an event"
      subtitle="A competition, a training, a camp or a social: fencers see it and say if they are going"
    >
      <EventForm
        label="Create an event"
        defaults={defaults}
        clubs={clubsOf === user.username ? clubs : []}
        preselectClubId={params.get('club')}
        submitLabel="Create event"
        savingLabel="Creating..."
        saving={saving}
        serverError={serverError}
        onSubmit={(payload) => void submit(payload)}
        onCancel={() => void navigate(-1)}
      />
    </HeadedPage>
  );
}
