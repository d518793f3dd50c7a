import { act, useState } from 'react';
import { mountEach } from '../test-support/mounted';
import { AddressRouter, Link, Route, Switch, useLocation, type Address } from './router';

/** Every address a component was drawn with, in order. */
const seen: Address[] = [];

function Where() {
  const address = useLocation();
  const [, setDrawn] = useState(0);
  seen.push(address);
  return (
    <button type="button" data-testid="where" onClick={() => setDrawn((n) => n + 1)}>
      {`${address.pathname}${address.search}${address.hash}`}
    </button>
  );
}

function Pages() {
  return (
    <AddressRouter>
      <Where />
      <Link href="/epee?tab=drills">Épée drills</Link>
      <Switch>
        <Route path="/epee">
          <h1>Épée</h1>
        </Route>
        <Route path="/u/:username">{(params) => <h1>{`Fencer ${params.username}`}</h1>}</Route>
        <Route>
          <h1>Home</h1>
        </Route>
      </Switch>
    </AddressRouter>
  );
}

const view = mountEach(() => <Pages />);
const shown = () => view.host().querySelector('[data-testid="where"]')?.textContent;
const heading = () => view.host().querySelector('h1')?.textContent;

describe('AddressRouter and useLocation', () => {
  beforeEach(() => {
    act(() => history.replaceState(null, '', '/'));
    seen.length = 0;
  });

  it('follow a link, a move in history and a new fragment', async () => {
    expect(shown()).toBe('/');
    expect(heading()).toBe('Home');

    act(() => view.host().querySelector('a')!.click());
    expect(shown()).toBe('/epee?tab=drills');
    expect(heading()).toBe('Épée');

    act(() => history.pushState(null, '', '/u/alba'));
    expect(heading()).toBe('Fencer alba');

    await act(async () => {
      location.hash = '#bouts';
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(shown()).toBe('/u/alba#bouts');
  });

  it('give the path decoded, as routes match it', () => {
    act(() => history.pushState(null, '', '/tags/%C3%A9p%C3%A9e?sort=new'));
    expect(shown()).toBe('/tags/épée?sort=new');
  });

  it('give the same address to every render until it moves, and draw nothing for a move to where it is', () => {
    act(() => history.replaceState(null, '', '/epee'));
    act(() => history.replaceState(null, '', '/epee'));
    expect(seen.map((address) => address.pathname)).toEqual(['/epee']);
    act(() => view.host().querySelector('button')!.click());
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });
});
