import { WifiOff } from 'lucide-react';
import { useConnectionStatus } from '../realtime/socket';

/** Shown only when the live connection worked once and is now down; socket.io keeps retrying meanwhile. */
export function LiveStatusBanner() {
  const showBanner = useConnectionStatus((s) => s.everConnected && !s.connected);
  if (!showBanner) return null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <p className="flex items-center gap-2 rounded-full border border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-md">
        <WifiOff aria-hidden className="size-4" />
        Live updates paused — reconnecting…
      </p>
    </div>
  );
}
