import { lazy, Suspense, useEffect } from 'react';
import { AppUpdateBanner } from './components/AppUpdateBanner';
import { useToasterNeeded } from './lib/toast';
import { socketSession } from './live-events';
import { connectSocket, disconnectSocket } from './realtime/socket';
import { AppRoutes } from './routes';
import { useSessionStore } from './stores/session';

export function App() {
  // Who is signed in was asked before the first render (first-screen.ts).
  const userId = useSessionStore((s) => s.user?.id ?? null);

  // One live connection per tab while someone is signed in; a different user gets a fresh one. It opens in a
  // task of its own: the first render's effects (each screen's first requests) all run in one.
  useEffect(() => {
    if (!userId) return;
    const opening = setTimeout(() => connectSocket(socketSession), 0);
    return () => {
      clearTimeout(opening);
      disconnectSocket();
    };
  }, [userId]);

  return (
    <>
      <AppRoutes />
      <AppUpdateBanner />
      <ToasterOnceNeeded />
    </>
  );
}

const AppToaster = lazy(() => import('./components/AppToaster').then((m) => ({ default: m.AppToaster })));

/** The toaster, from the first toast on (lib/toast.ts fetches it then), and kept. */
function ToasterOnceNeeded() {
  const needed = useToasterNeeded((s) => s.needed);
  return needed ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
