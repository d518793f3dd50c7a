import { CloudOff, WifiOff } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { useOnline } from '../lib/online';
import { useConnectionStatus } from '../realtime/socket';

/**
 * Tells the user when the phone has no network (what shows is what this device kept, and actions wait for a
 * connection), or else when live updates are paused: only after the connection worked once and then dropped
 * (the socket keeps retrying meanwhile). The live region is always present so screen readers announce
 * the message when it appears; `data-live-connection` exposes the state to browser tests.
 */
export function LiveStatusBanner() {
  const connected = useConnectionStatus((s) => s.connected);
  const everConnected = useConnectionStatus((s) => s.everConnected);
  const online = useOnline();
  const { t } = useTranslation();
  const paused = everConnected && !connected;

  return (
    <div
      role="status"
      aria-live="polite"
      data-live-connection={connected ? 'connected' : paused ? 'reconnecting' : 'connecting'}
      data-online={online}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
    >
      {!online ? (
        <p className="flex max-w-md items-center gap-2 rounded-2xl border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 shadow-md dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
          <CloudOff aria-hidden className="size-4 shrink-0" />
          {t('liveStatus.offline')}
        </p>
      ) : paused ? (
        <p className="flex items-center gap-2 rounded-full border border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-md dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <WifiOff aria-hidden className="size-4" />
          {t('liveStatus.paused')}
        </p>
      ) : null}
    </div>
  );
}
