import { lazy, Suspense } from 'react';
import { useSessionStore } from '../stores/session';

/** The strip itself, with the store that asks for a new link: fetched only for someone who has something to confirm. */
const UnverifiedAddressBanner = lazy(() =>
  import('./UnverifiedAddressBanner').then((m) => ({ default: m.UnverifiedAddressBanner })),
);

/**
 * A slim strip under the header until the signed-in user has confirmed their address, with a way to get a new
 * link. It goes by itself once the address is confirmed, in this tab or another.
 */
export function EmailVerificationBanner() {
  const unverified = useSessionStore((s) => s.user?.emailVerified === false);
  if (!unverified) return null;
  return (
    <Suspense fallback={null}>
      <UnverifiedAddressBanner />
    </Suspense>
  );
}
