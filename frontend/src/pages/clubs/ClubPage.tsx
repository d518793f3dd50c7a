import type { SessionUser } from '@piste/contracts';
import { Castle, MapPin, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate, useParams } from '../../lib/router';
import { Button } from '../../components/Button';
import { clubPlace } from '../../components/clubs/club-format';
import { ClubLogo } from '../../components/clubs/ClubLogo';
import { ClubEvents } from '../../components/events/ClubEvents';
import { ClubMembers } from '../../components/clubs/ClubMembers';
import { ClubPosts } from '../../components/clubs/ClubPosts';
import { ClubMembership } from '../../components/clubs/ClubMembership';
import { ClubRequests } from '../../components/clubs/ClubRequests';
import { ClubSettings } from '../../components/clubs/ClubSettings';
import { ClubWeapons } from '../../components/clubs/ClubWeapons';
import { EmptyState } from '../../components/EmptyState';
import { PageNotReady } from '../../components/PageNotReady';
import { onArrowKeys, TabPanel, tabButtonProps } from '../../components/Tabs';
import { CLUBS_PATH, clubPath } from '../../lib/paths';
import { watchClub } from '../../realtime/socket';
import { runsClub, useClubPageStore } from '../../stores/club-page';
import { NotFoundPage } from '../NotFoundPage';

type ClubTab = 'posts' | 'events' | 'members' | 'requests' | 'edit';
const TAB_LABELS = {
  posts: 'page.tabs.posts',
  events: 'page.tabs.events',
  members: 'page.tabs.members',
  requests: 'page.tabs.requests',
  edit: 'page.tabs.edit',
} as const satisfies Record<ClubTab, string>;
const TABS_ID = 'club';

/**
 * /clubs/:slug — a club: where it is, its weapons, its posts (live), its upcoming events, its members, and (for
 * its admins) requests and settings.
 */
export function ClubPage({ user }: { user: SessionUser }) {
  const { slug = '' } = useParams();
  const store = useClubPageStore();
  const { open } = store;
  const navigate = useNavigate();
  const [tab, setTab] = useState<ClubTab>('posts');
  const { t } = useTranslation(['clubs', 'common', 'events']);

  useEffect(() => {
    setTab('posts');
    void open(slug);
  }, [open, slug]);

  // The club's public posts come live while its page is shown (club-only ones reach members anyway).
  const clubId = store.page?.club.id ?? null;
  useEffect(() => {
    watchClub(clubId);
    return () => watchClub(null);
  }, [clubId]);

  if (store.status === 'not-found') return <NotFoundPage />;
  if (!store.page || store.slug !== slug) {
    return (
      <PageNotReady
        failed={store.status === 'error'}
        failedTitle={t('page.loadFailed')}
        loadingLabel={t('page.loading')}
        icon={Castle}
        onRetry={() => void store.refresh()}
        bars={[['h-8 w-64', 'strong'], 'h-4 w-48', 'h-5 w-40', 'h-16 w-full']}
      />
    );
  }

  const { club, membersCount, viewerRole } = store.page;
  const admin = runsClub(viewerRole);
  const tabs: ClubTab[] = admin
    ? ['posts', 'events', 'members', 'requests', 'edit']
    : ['posts', 'events', 'members'];
  const shownTab = tabs.includes(tab) ? tab : 'posts';
  const alone = viewerRole === 'owner' && membersCount === 1;

  return (
    <div data-testid="club-page" className="mx-auto max-w-3xl space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-start gap-4">
            <ClubLogo logo={club.logo} size="lg" />
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-slate-100">
                {club.name}
              </h1>
              <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden className="size-4 shrink-0" />
                  {clubPlace(club)}
                </span>
                <span data-testid="club-members-count" className="inline-flex items-center gap-1">
                  <Users aria-hidden className="size-4 shrink-0" />
                  {t('members', { count: membersCount })}
                </span>
                <span>{club.joinPolicy === 'open' ? t('page.openToJoin') : t('page.byRequest')}</span>
              </div>
            </div>
          </div>
          <ClubMembership
            page={store.page}
            pending={store.acting}
            onJoin={() => void store.join()}
            onLeave={() => void store.leave(user.id)}
          />
        </div>
        <div className="mt-4">
          <ClubWeapons weapons={club.weapons} />
        </div>
        {club.description ? (
          <p className="mt-4 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
            {club.description}
          </p>
        ) : null}
      </section>

      <div
        role="tablist"
        aria-label={t('page.tablist')}
        onKeyDown={onArrowKeys(tabs, shownTab, TABS_ID, setTab)}
        // Five tabs are wider than a phone: they scroll sideways, over a rule drawn as a shadow so nothing spills.
        className="flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-slate-200)] dark:shadow-[inset_0_-1px_0_var(--color-slate-800)]"
      >
        {tabs.map((id) => {
          const active = id === shownTab;
          const count = id === 'requests' ? store.requests.length : null;
          return (
            <button
              key={id}
              {...tabButtonProps(TABS_ID, id, active, setTab)}
              className={`flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
                active
                  ? 'border-slate-900 text-slate-900 dark:border-slate-100 dark:text-slate-100'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
              }`}
            >
              {t(TAB_LABELS[id])}
              {count ? (
                <span
                  data-testid="club-requests-count"
                  className="rounded-full bg-red-600 px-2 py-0.5 text-xs text-white"
                >
                  {count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      {shownTab === 'posts' ? (
        <TabPanel idPrefix={TABS_ID} tab="posts">
          {alone ? (
            <div data-testid="club-alone" className="mb-5">
              <EmptyState
                icon={Users}
                title={t('page.alone.title')}
                description={
                  club.joinPolicy === 'request'
                    ? t('page.alone.request', { link: `${window.location.origin}${clubPath(club.slug)}` })
                    : t('page.alone.open', { link: `${window.location.origin}${clubPath(club.slug)}` })
                }
                action={
                  club.joinPolicy === 'request' ? (
                    <Button variant="outline" onClick={() => setTab('edit')}>
                      {t('page.alone.editJoining')}
                    </Button>
                  ) : undefined
                }
              />
            </div>
          ) : null}
          <ClubPosts club={club} viewerRole={viewerRole} user={user} />
        </TabPanel>
      ) : null}
      {shownTab === 'events' ? (
        <TabPanel idPrefix={TABS_ID} tab="events">
          <ClubEvents clubId={club.id} canAdd={admin || viewerRole === 'coach'} />
        </TabPanel>
      ) : null}
      {shownTab === 'members' ? (
        <TabPanel idPrefix={TABS_ID} tab="members">
          {
            <ClubMembers
              members={store.members}
              viewerRole={viewerRole}
              viewerId={user.id}
              clubName={club.name}
              busy={store.busy}
              onSetRole={(member, role) => void store.setRole(member, role)}
              onRemove={(member) => void store.remove(member)}
            />
          }
          {store.membersCursor ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="outline"
                disabled={store.loadingMoreMembers}
                onClick={() => void store.loadMoreMembers()}
              >
                {store.loadingMoreMembers ? t('common:loading') : t('page.loadMore')}
              </Button>
            </div>
          ) : null}
        </TabPanel>
      ) : null}
      {shownTab === 'requests' ? (
        <TabPanel idPrefix={TABS_ID} tab="requests">
          <ClubRequests
            requests={store.requests}
            busy={store.busy}
            onAccept={(request) => void store.accept(request)}
            onDecline={(request) => void store.decline(request)}
          />
        </TabPanel>
      ) : null}
      {shownTab === 'edit' ? (
        <TabPanel idPrefix={TABS_ID} tab="edit">
          <ClubSettings
            key={club.id}
            club={club}
            isOwner={viewerRole === 'owner'}
            acting={store.acting}
            onSave={store.update}
            onUploadLogo={(file) => void store.uploadLogo(file)}
            onDelete={() =>
              void store.deleteClub().then((deleted) => {
                if (deleted) navigate(CLUBS_PATH);
              })
            }
          />
        </TabPanel>
      ) : null}
    </div>
  );
}
