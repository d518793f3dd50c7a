import type { SessionUser } from '@piste/contracts';
import { Flag } from 'lucide-react';
import { Navigate, useNavigate, useParams } from '../lib/router';
import { useTranslation } from '../i18n/use-translation';
import { useEffect } from 'react';
import { DropdownMenu } from '../components/DropdownMenu';
import { CompetitionRecord } from '../components/fencer/CompetitionRecord';
import { ConnectionAction } from '../components/fencer/ConnectionAction';
import { FencerClubs } from '../components/fencer/FencerClubs';
import { FencerHeader } from '../components/fencer/FencerHeader';
import { FencerPosts } from '../components/fencer/FencerPosts';
import { FencerLoadFailed, FencerNotFound, FencerSkeleton } from '../components/fencer/FencerStates';
import { FencerRecordSection } from '../components/record/FencerRecordSection';
import { fencerPath } from '../lib/paths';
import { useFencerPosts } from '../components/fencer/useFencerPosts';
import { useFencerProfile } from '../components/fencer/useFencerProfile';
import { useUsernameOf } from '../components/fencer/useUsernameOf';
import { useFencerClubsStore } from '../stores/fencer-clubs';
import { useReportDialogStore } from '../stores/report-dialog';

/** /u/:username — a fencer's public page: who they are, how to connect, their record and their posts. */
export function FencerPage({ user }: { user: SessionUser }) {
  const { username = '' } = useParams();
  // A new fencer starts from a clean page: nothing of the previous one lingers while the next loads. Usernames
  // match in any case, so putting the address in the fencer's own spelling is not a new fencer.
  return <FencerProfileView key={username.toLowerCase()} username={username} user={user} />;
}

/** /u/id/:userId — for views that know only the id: finds the username and shows /u/:username. */
export function FencerByIdPage() {
  const { userId = '' } = useParams();
  const { lookup, retry } = useUsernameOf(userId);
  const { t } = useTranslation('people');
  switch (lookup.status) {
    case 'found':
      return <Navigate to={fencerPath(lookup.username)} />;
    case 'not-found':
      return <FencerNotFound />;
    case 'error':
      return <FencerLoadFailed message={t('profile.toasts.loadFailed')} onRetry={retry} />;
    case 'loading':
      return <FencerSkeleton />;
  }
}

function FencerProfileView({ username, user }: { username: string; user: SessionUser }) {
  const { load, reload, setStanding } = useFencerProfile(username.toLowerCase());
  const posts = useFencerPosts(username.toLowerCase());
  const navigate = useNavigate();
  const loadClubs = useFencerClubsStore((s) => s.load);
  const openReport = useReportDialogStore((s) => s.open);
  const { t } = useTranslation('people');
  useEffect(() => void loadClubs(username.toLowerCase()), [loadClubs, username]);

  // The address shows the username as the fencer spells it (it was found in any case).
  const storedUsername = load.status === 'ready' ? load.fencer.profile.username : null;
  useEffect(() => {
    if (storedUsername && storedUsername !== username) {
      navigate(fencerPath(storedUsername), { replace: true });
    }
  }, [storedUsername, username, navigate]);

  switch (load.status) {
    case 'loading':
      return <FencerSkeleton />;
    case 'not-found':
      return <FencerNotFound username={username} />;
    case 'error':
      return <FencerLoadFailed message={load.message} onRetry={reload} />;
    case 'ready':
      break;
  }

  const { fencer } = load;
  const isOwn = fencer.connection === 'self';
  const name = fencer.profile.name?.trim() || fencer.profile.username;
  return (
    <div data-testid="fencer-page" className="mx-auto max-w-5xl space-y-6">
      <FencerHeader
        profile={fencer.profile}
        action={
          <>
            <ConnectionAction fencer={fencer} onStanding={setStanding} onStale={reload} />
            {isOwn ? null : (
              <DropdownMenu
                label={t('fencerPage.options')}
                menuWidth="w-44"
                items={[
                  {
                    icon: Flag,
                    label: t('fencerPage.report'),
                    onSelect: () => openReport({ type: 'user', id: fencer.profile.id, name }),
                  },
                ]}
              />
            )}
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-6 lg:col-start-2 lg:row-start-1">
          <FencerRecordSection
            profile={fencer.profile}
            connection={fencer.connection}
            name={name}
            viewerId={user.id}
          />
          <CompetitionRecord entries={fencer.record} isOwn={isOwn} name={name} />
          <FencerClubs username={username.toLowerCase()} />
        </div>
        <FencerPosts
          view={posts}
          user={user}
          isOwn={isOwn}
          name={name}
          className="lg:col-start-1 lg:row-start-1"
        />
      </div>
    </div>
  );
}
