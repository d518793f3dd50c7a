import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppToaster } from './components/AppToaster';
import { AppUpdateBanner } from './components/AppUpdateBanner';
import { socketSession } from './live-events';
import { connectSocket, disconnectSocket } from './realtime/socket';
import { AppRoutes } from './routes';
import { useSessionStore } from './stores/session';

export function App() {
  const load = useSessionStore((s) => s.load);
  const userId = useSessionStore((s) => s.user?.id ?? null);

  useEffect(() => {
    void load();
  }, [load]);

  // One live connection per tab while someone is signed in; a different user gets a fresh one.
  useEffect(() => {
    if (!userId) return;
    connectSocket(socketSession);
    return () => disconnectSocket();
  }, [userId]);

  return (
    <BrowserRouter>
      <AppRoutes />
      <AppUpdateBanner />
      <AppToaster />
    </BrowserRouter>
  );
}
