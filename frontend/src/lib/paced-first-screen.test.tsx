import { act } from 'react';
import { mountEach } from '../test-support/mounted';
import { paceFirstScreen, usePacedCount } from './paced-first-screen';

const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f'];

function List({ items }: { items: string[] }) {
  const drawn = usePacedCount(items.length);
  return (
    <ul>
      {items.slice(0, drawn).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

// Each test draws its own lists into an empty page.
const view = mountEach(() => null);

const drawnItems = () => [...view.host().querySelectorAll('li')].map((li) => li.textContent);
/** Lets one task go by (and what it rendered). */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('usePacedCount', () => {
  it('draws a list at once when the first screen is not paced', () => {
    view.render(<List items={ITEMS} />);
    expect(drawnItems()).toEqual(ITEMS);
  });

  it('draws the first list of a paced first screen two items first, then one more per task', async () => {
    paceFirstScreen();
    // Still loading: nothing to draw, and the pacing waits for the items.
    view.render(<List items={[]} />);
    await nextTask();
    view.render(<List items={ITEMS} />);
    expect(drawnItems()).toEqual(['a', 'b']);
    await nextTask();
    expect(drawnItems()).toEqual(['a', 'b', 'c']);
    for (let i = 0; i < ITEMS.length; i++) await nextTask();
    expect(drawnItems()).toEqual(ITEMS);
  });

  it('draws every later list at once', () => {
    view.render(<List items={ITEMS} />);
    expect(drawnItems()).toEqual(ITEMS);
  });

  it('ends the pacing when the paced list goes before it is drawn in full', () => {
    paceFirstScreen();
    view.render(<List items={ITEMS} />);
    expect(drawnItems()).toEqual(['a', 'b']);
    view.render(<p>another page</p>);
    view.render(<List items={ITEMS} />);
    expect(drawnItems()).toEqual(ITEMS);
  });
});
