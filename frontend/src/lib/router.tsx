import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import {
  Link,
  Redirect,
  Route,
  Router,
  Switch,
  useLocation as useWouterLocation,
  useParams,
  useSearchParams,
} from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/**
 * The one routing vocabulary pages and components speak, over wouter (about 2 KiB of brotli where React Router
 * cost 11 of the first load's 100). The app sits in `AddressRouter` (main.tsx); page tests mock this module
 * (test-support/router-mock.ts).
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

/** The address shown: its path (decoded, as routes match it), its query with the leading `?` and its `#fragment`. */
export interface Address {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The address as last seen, read again only when it moves. wouter reads the browser's `location` at every render of
 * every link, route and nav item, each through a subscription of its own (and this module's `useLocation` did so
 * three times: path, query and fragment); on the feed's first screen that was about a twentieth of the main
 * thread's work (bench/README, "The first load"). Here each move is read once, and every hook reads this copy.
 */
let address: Address = { pathname: '/', search: '', hash: '' };
/** The path as the browser gives it (encoded): wouter decodes it itself. */
let rawPath = '/';
const listeners = new Set<() => void>();

/** Reads the address again; true when it moved. */
function readAddress(): boolean {
  const { pathname, search, hash } = location;
  if (pathname === rawPath && search === address.search && hash === address.hash) return false;
  rawPath = pathname;
  address = { pathname: decodedPath(pathname), search, hash };
  return true;
}

/** The path decoded as wouter decodes it (`%20` → space); as it is when it does not decode. */
function decodedPath(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

function followAddress(): void {
  if (readAddress()) for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  readAddress();
  // wouter announces its own history moves as events of these names; the browser's back and forward are popstate.
  for (const name of ['popstate', 'pushState', 'replaceState', 'hashchange'])
    addEventListener(name, followAddress);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentAddress = () => address;
const currentPath = () => rawPath;
const currentSearch = () => address.search;

/** wouter's location hooks over the kept address: the path and a way to move, and the query. */
const useKeptPath = (): [string, typeof browserNavigate] => [
  useSyncExternalStore(subscribe, currentPath),
  browserNavigate,
];
const useKeptSearch = (): string => useSyncExternalStore(subscribe, currentSearch);

/** Around the app: wouter's routes and links follow the kept address. */
export function AddressRouter({ children }: { children: ReactNode }): ReactNode {
  return (
    <Router hook={useKeptPath} searchHook={useKeptSearch}>
      {children}
    </Router>
  );
}

/** The address shown, through one subscription. */
export function useLocation(): Address {
  return useSyncExternalStore(subscribe, currentAddress);
}

/** Goes to `to` as soon as it renders, replacing the current history entry (a redirect). */
export function Navigate({ to }: { to: string }): ReactNode {
  return <Redirect to={to} replace />;
}

let poppedSinceLastPush = false;
if (typeof window !== 'undefined') {
  addEventListener('popstate', () => (poppedSinceLastPush = true));
  for (const name of ['pushState', 'replaceState'])
    addEventListener(name, () => (poppedSinceLastPush = false));
}

/** Whether the address last changed by going back or forward in history rather than by following a link. */
export function cameByHistory(): boolean {
  return poppedSinceLastPush;
}
