import { lazy, Suspense } from 'react';
import { Navigate, Route, Switch } from './lib/router';
import { LoadingScreen } from './components/LoadingScreen';
import { SignedInLayout } from './components/SignedInLayout';
import { FeedPage } from './pages/FeedPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { useSessionStore } from './stores/session';

// The feed is where signed-in people land, so it ships with the entry chunk (with the tiny not-found
// page it renders itself); every other page is fetched the first time someone opens it.
const AuthPage = lazy(() => import('./pages/AuthPage').then((m) => ({ default: m.AuthPage })));
const ConnectionsPage = lazy(() =>
  import('./pages/ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })),
);
const CreatePostPage = lazy(() =>
  import('./pages/CreatePostPage').then((m) => ({ default: m.CreatePostPage })),
);
const MessagesPage = lazy(() => import('./pages/MessagesPage').then((m) => ({ default: m.MessagesPage })));
const ModerationPage = lazy(() =>
  import('./pages/ModerationPage').then((m) => ({ default: m.ModerationPage })),
);
const NotificationsPage = lazy(() =>
  import('./pages/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const ProfilePage = lazy(() => import('./pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const SearchPage = lazy(() => import('./pages/SearchPage').then((m) => ({ default: m.SearchPage })));
const PostPage = lazy(() => import('./pages/PostPage').then((m) => ({ default: m.PostPage })));
const FencerPage = lazy(() => import('./pages/FencerPage').then((m) => ({ default: m.FencerPage })));
const FencerByIdPage = lazy(() => import('./pages/FencerPage').then((m) => ({ default: m.FencerByIdPage })));
const TagPage = lazy(() => import('./pages/TagPage').then((m) => ({ default: m.TagPage })));
const SavedPage = lazy(() => import('./pages/SavedPage').then((m) => ({ default: m.SavedPage })));
const DrillsPage = lazy(() => import('./pages/DrillsPage').then((m) => ({ default: m.DrillsPage })));
const ClubsPage = lazy(() => import('./pages/clubs/ClubsPage').then((m) => ({ default: m.ClubsPage })));
const CreateClubPage = lazy(() =>
  import('./pages/clubs/CreateClubPage').then((m) => ({ default: m.CreateClubPage })),
);
const ClubPage = lazy(() => import('./pages/clubs/ClubPage').then((m) => ({ default: m.ClubPage })));
const EventsPage = lazy(() => import('./pages/events/EventsPage').then((m) => ({ default: m.EventsPage })));
const CreateEventPage = lazy(() =>
  import('./pages/events/CreateEventPage').then((m) => ({ default: m.CreateEventPage })),
);
const EventPage = lazy(() => import('./pages/events/EventPage').then((m) => ({ default: m.EventPage })));
const EditEventPage = lazy(() =>
  import('./pages/events/EditEventPage').then((m) => ({ default: m.EditEventPage })),
);
const SettingsPage = lazy(() => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const AdminUsersPage = lazy(() =>
  import('./pages/admin/AdminUsersPage').then((m) => ({ default: m.AdminUsersPage })),
);
const AdminUserPage = lazy(() =>
  import('./pages/admin/AdminUserPage').then((m) => ({ default: m.AdminUserPage })),
);
const AuditPage = lazy(() => import('./pages/admin/AuditPage').then((m) => ({ default: m.AuditPage })));
const VerifyEmailPage = lazy(() =>
  import('./pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);

/**
 * The spec's routes (section 2): signed out, every path is the auth screen, but the pages that links in mails and
 * 'Forgot password?' lead to (DESIGN.md §4a), which work signed in too.
 */
export function AppRoutes() {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);

  if (status === 'loading') return <LoadingScreen />;
  if (!user) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path="/forgot-password">
            <ForgotPasswordPage />
          </Route>
          <Route path="/reset-password">
            <ResetPasswordPage />
          </Route>
          <Route path="/verify-email">
            <VerifyEmailPage />
          </Route>
          <Route>
            <AuthPage />
          </Route>
        </Switch>
      </Suspense>
    );
  }

  // Pages suspend inside SignedInLayout, so the header stays while a page's chunk arrives.
  return (
    <SignedInLayout user={user}>
      <Switch>
        <Route path="/">
          <FeedPage />
        </Route>
        <Route path="/auth">
          <Navigate to="/" />
        </Route>
        <Route path="/messages">
          <MessagesPage user={user} />
        </Route>
        <Route path="/profile">
          <ProfilePage user={user} />
        </Route>
        <Route path="/notifications">
          <NotificationsPage user={user} />
        </Route>
        <Route path="/connections">
          <ConnectionsPage user={user} />
        </Route>
        <Route path="/post">
          <CreatePostPage />
        </Route>
        <Route path="/moderation">
          <ModerationPage user={user} />
        </Route>
        <Route path="/admin/users">
          <AdminUsersPage user={user} />
        </Route>
        <Route path="/admin/users/:userId">
          <AdminUserPage user={user} />
        </Route>
        <Route path="/admin/audit">
          <AuditPage user={user} />
        </Route>
        <Route path="/search">
          <SearchPage />
        </Route>
        <Route path="/posts/:id">
          <PostPage />
        </Route>
        <Route path="/u/:username">
          <FencerPage user={user} />
        </Route>
        <Route path="/u/id/:userId">
          <FencerByIdPage />
        </Route>
        <Route path="/tags/:tag">
          <TagPage user={user} />
        </Route>
        <Route path="/saved">
          <SavedPage user={user} />
        </Route>
        <Route path="/drills">
          <DrillsPage user={user} />
        </Route>
        <Route path="/clubs">
          <ClubsPage />
        </Route>
        <Route path="/clubs/new">
          <CreateClubPage />
        </Route>
        <Route path="/clubs/:slug">
          <ClubPage user={user} />
        </Route>
        <Route path="/events">
          <EventsPage />
        </Route>
        <Route path="/events/new">
          <CreateEventPage user={user} />
        </Route>
        <Route path="/events/:id">
          <EventPage user={user} />
        </Route>
        <Route path="/events/:id/edit">
          <EditEventPage />
        </Route>
        <Route path="/settings">
          <SettingsPage user={user} />
        </Route>
        <Route path="/verify-email">
          <VerifyEmailPage signedIn />
        </Route>
        <Route path="/forgot-password">
          <ForgotPasswordPage signedIn />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage signedIn />
        </Route>
        {/* FeedPage answers 404 for anything but epee, foil or sabre. */}
        <Route path="/:weapon">
          <FeedPage />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </SignedInLayout>
  );
}
