import { lazy, Suspense } from 'react';
import { usePushPromptStore } from '../stores/push-prompt';

/** Fetched when first offered: most visits never see it. */
const PushOffer = lazy(() => import('./PushOffer').then((m) => ({ default: m.PushOffer })));

/** The offer to get notifications on this device, shown once after a first message or like. */
export function PushPrompt() {
  const visible = usePushPromptStore((s) => s.visible);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <PushOffer />
    </Suspense>
  );
}
