import { useLayoutEffect, useRef } from 'react';
import { cameByHistory, useLocation } from './router';

/**
 * Every signed-in page starts at its top: on signing in (the auth screen may have been scrolled down to its
 * button, and the feed that replaces it would keep that offset) and on following a link to another page. Going
 * back or forward leaves the browser's own scroll restoration alone.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first || !cameByHistory()) window.scrollTo(0, 0);
  }, [pathname]);
}
