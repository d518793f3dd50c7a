/**
 * A stand-in for `lib/router` in page tests (so a test sets and reads the address itself): links are plain
 * anchors, `useNavigate` is a mock, and the address (path and query) is state a test sets and reads.
 *
 * In a test file (jest hoists `jest.mock` above the imports; the factory may only reach modules through `jest`):
 *
 *   jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
 *   const address = routerAddress();
 *   address.visit('/reset-password?token=…');
 */
import { createElement, type AnchorHTMLAttributes } from 'react';
import { act, useEffect } from 'react';
import { create } from 'zustand';

interface Address {
  pathname: string;
  search: string;
  /** The route's parameters (`useParams`), as the test sets them. */
  params: Record<string, string>;
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The controls a test holds on the fake router. */
export interface RouterControls {
  /** Where `useNavigate()`'s function was asked to go (it moves the address too). */
  navigate: jest.Mock;
  /** Shows `url` (path and query) as the current address. */
  visit(url: string): void;
  /** The current address, e.g. `/settings?tab=security`. */
  current(): string;
  /** Sets the route's parameters, e.g. `{ userId: 'u1' }` for /u/id/:userId. */
  showParams(params: Record<string, string>): void;
}

export function routerModule() {
  const useAddress = create<Address>()(() => ({ pathname: '/', search: '', params: {} }));
  const go = (url: string) => {
    const parsed = new URL(url, 'http://piste.test');
    useAddress.setState({ pathname: parsed.pathname, search: parsed.search });
  };
  const navigate = jest.fn((to: string) => {
    go(to);
    return Promise.resolve();
  });

  const router: RouterControls = {
    navigate,
    visit: (url) => act(() => go(url)),
    current: () => {
      const { pathname, search } = useAddress.getState();
      return `${pathname}${search}`;
    },
    showParams: (params) => act(() => useAddress.setState({ params })),
  };

  return {
    router,
    Link: ({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) =>
      createElement('a', { href: to, ...props }),
    useNavigate: () => navigate,
    useParams: () => useAddress((s) => s.params),
    /** Goes to `to` once rendered, as the router's own does. */
    Navigate: ({ to }: { to: string }) => {
      useEffect(() => void navigate(to), [to]);
      return null;
    },
    useLocation: () => useAddress(),
    useSearchParams: () => {
      const search = useAddress((s) => s.search);
      const setSearchParams = (next: SearchInit) => {
        const query = new URLSearchParams(next).toString();
        useAddress.setState({ search: query ? `?${query}` : '' });
      };
      return [new URLSearchParams(search), setSearchParams] as const;
    },
  };
}

/** The controls of the router this test file mocked with `routerModule()`. */
export function routerAddress(): RouterControls {
  return jest.requireMock<ReturnType<typeof routerModule>>('../lib/router').router;
}
