import { useCallback, type ReactNode } from 'react';
import {
  Link,
  Redirect,
  Route,
  Switch,
  useLocation as useWouterLocation,
  useParams,
  useSearch,
  useSearchParams,
} from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

/**
 * The one routing vocabulary pages and components speak, over wouter (about 2 KiB of brotli where React Router
 * cost 11 of the first load's 100). wouter follows the browser's address by itself, so the app needs no router
 * element; page tests mock this module (test-support/router-mock.ts).
 */
export { Link, Redirect, Route, Switch, useParams, useSearchParams };

/** Where to go: a path (with its query), or -1 for the page before. */
export type NavigateTo = string | -1;

/** A function that goes to a path, replacing the current history entry when asked; -1 goes back. */
export function useNavigate(): (to: NavigateTo, options?: { replace?: boolean }) => void {
  const [, navigate] = useWouterLocation();
  return useCallback(
    (to: NavigateTo, options?: { replace?: boolean }) => {
      if (to === -1) history.back();
      else navigate(to, options);
    },
    [navigate],
  );
}

const currentHash = () => location.hash;

/** The address shown: its path, its query with the leading `?` and its `#fragment` ('' without one). */
export function useLocation(): { pathname: string; search: string; hash: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, () => '');
  return { pathname, search: search ? `?${search}` : '', hash };
}

/** Goes to `to` as soon as it renders, replacing the current history entry (a redirect). */
export function Navigate({ to }: { to: string }): ReactNode {
  return <Redirect to={to} replace />;
}

let poppedSinceLastPush = false;
if (typeof window !== 'undefined') {
  // wouter announces its own history moves as events of these names; the browser's back and forward are popstate.
  addEventListener('popstate', () => (poppedSinceLastPush = true));
  for (const name of ['pushState', 'replaceState'])
    addEventListener(name, () => (poppedSinceLastPush = false));
}

/** Whether the address last changed by going back or forward in history rather than by following a link. */
export function cameByHistory(): boolean {
  return poppedSinceLastPush;
}
