import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { draftKey } from '../../lib/drafts';
import { banNotice, useBanStore } from '../../stores/ban';
import { lazyPartsArrive, mountEach, typeInto } from '../../test-support/mounted';
import { sessionUser } from '../../test-support/session-user';
import { FeedComposer } from './FeedComposer';

// Counts when the composer's form module is fetched (it is loaded on demand).
const mockFormFetched = jest.fn();
jest.mock('../Composer', () => {
  mockFormFetched();
  return jest.requireActual('../Composer');
});
jest.mock('../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));

const me = sessionUser({ id: 'me', username: 'claire', name: 'Claire Dubois' });
const BAN_END = '2099-11-23T10:00:00.000Z';

beforeEach(() => {
  localStorage.clear();
  useBanStore.setState({ until: null, reason: null });
});

describe('FeedComposer', () => {
  describe('without a kept draft', () => {
    const view = mountEach(() => <FeedComposer user={me} weapon="epee" />);
    const form = () => view.host().querySelector('form[aria-label="Create a post"]');
    const textBox = () => view.host().querySelector<HTMLTextAreaElement>('#post-content')!;

    it('draws the composer with a text box to type in, and fetches its form only when the author reaches for it', async () => {
      expect(textBox().placeholder).toBe(
        'Share a drill, an achievement or a training insight with the Épée community...',
      );
      expect(view.host().querySelector('[data-testid=composer]')).not.toBeNull();
      expect(form()).toBeNull();
      expect(mockFormFetched).not.toHaveBeenCalled();

      act(() => textBox().focus());
      typeInto(textBox(), 'Lunge ladder');
      await lazyPartsArrive();

      expect(mockFormFetched).toHaveBeenCalledTimes(1);
      expect(form()).not.toBeNull();
      // What was typed, and the focus, carried over to the form's own text box; the draft is kept as typing would.
      expect(textBox().closest('form')).toBe(form());
      expect(textBox().value).toBe('Lunge ladder');
      expect(document.activeElement).toBe(textBox());
      expect(JSON.parse(localStorage.getItem(draftKey('me', 'epee'))!)).toMatchObject({
        content: 'Lunge ladder',
      });
    });

    it('is closed while a ban lasts, saying until when, before the form is fetched', () => {
      act(() => useBanStore.setState({ until: BAN_END, reason: 'Spam' }));
      expect(form()).toBeNull();
      expect(view.host().querySelector('[data-testid=banned-note]')?.textContent).toBe(banNotice(BAN_END));
      expect(textBox().matches(':disabled')).toBe(true);
      const post = [...view.host().querySelectorAll('button')].find((b) => b.textContent === 'Post')!;
      expect(post.disabled).toBe(true);
    });
  });

  it('brings the form, with the draft, at once when one is kept for this feed', async () => {
    localStorage.setItem(draftKey('me', 'epee'), JSON.stringify({ content: 'Half written' }));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => {
      root.render(<FeedComposer user={me} weapon="epee" />);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const form = host.querySelector('form[aria-label="Create a post"]');
    expect(form?.querySelector<HTMLTextAreaElement>('#post-content')?.value).toBe('Half written');
    act(() => root.unmount());
    host.remove();
  });
});
