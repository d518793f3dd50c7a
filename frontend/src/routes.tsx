import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from './components/LoadingScreen';
import { SignedInLayout } from './components/SignedInLayout';
import { AuthPage } from './pages/AuthPage';
import { ConnectionsPage } from './pages/ConnectionsPage';
import { CreatePostPage } from './pages/CreatePostPage';
import { FeedPage } from './pages/FeedPage';
import { MessagesPage } from './pages/MessagesPage';
import { ModerationPage } from './pages/ModerationPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { NotificationsPage } from './pages/NotificationsPage';
import { ProfilePage } from './pages/ProfilePage';
import { useSessionStore } from './stores/session';

/** The spec's routes (section 2): signed out, every path is the auth screen. */
export function AppRoutes() {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);

  if (status === 'loading') return <LoadingScreen />;
  if (!user) return <AuthPage />;

  return (
    <Routes>
      <Route element={<SignedInLayout user={user} />}>
        <Route index element={<FeedPage />} />
        <Route path="auth" element={<Navigate to="/" replace />} />
        <Route path="messages" element={<MessagesPage user={user} />} />
        <Route path="profile" element={<ProfilePage user={user} />} />
        <Route path="notifications" element={<NotificationsPage user={user} />} />
        <Route path="connections" element={<ConnectionsPage user={user} />} />
        <Route path="post" element={<CreatePostPage />} />
        <Route path="moderation" element={<ModerationPage user={user} />} />
        {/* FeedPage answers 404 for anything but epee, foil or sabre. */}
        <Route path=":weapon" element={<FeedPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
