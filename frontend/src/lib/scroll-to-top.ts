import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/**
 * Every signed-in page starts at its top: on signing in (the auth screen may have been scrolled down to its
 * button, and the feed that replaces it would keep that offset) and on following a link to another page. Going
 * back or forward leaves the browser's own scroll restoration alone.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first || navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
