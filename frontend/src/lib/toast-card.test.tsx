import { act } from 'react';
import toast from 'react-hot-toast';
import { AppToaster } from '../components/AppToaster';
import { mountEach } from '../test-support/mounted';
import { showToast } from './toast-card';

// A desktop window: toasts in the top right corner.
window.matchMedia = (query: string) => ({ matches: true, media: query }) as MediaQueryList;
const view = mountEach(() => <AppToaster />);
afterEach(() => act(() => toast.remove()));

const cardOf = (title: string) =>
  [...view.host().querySelectorAll<HTMLElement>('[data-toast-variant]')].find((card) =>
    card.textContent?.includes(title),
  );
const dismissButtons = () => view.host().querySelectorAll('button[aria-label="Dismiss notification"]');

describe('a toast card', () => {
  it('is there for pointers and screen readers while it shows, and for neither once dismissed', () => {
    act(() => showToast({ variant: 'success', title: 'Post published' }));
    const card = cardOf('Post published');
    expect(card?.getAttribute('role')).toBe('status');
    expect(card?.getAttribute('aria-hidden')).toBeNull();
    expect(card?.hasAttribute('inert')).toBe(false);
    expect(card?.classList.contains('pointer-events-auto')).toBe(true);
    expect(dismissButtons()).toHaveLength(1);

    // A newer toast replaces it: the old card fades out in place for a moment before it leaves the page.
    act(() => showToast({ variant: 'info', title: 'Already Liked' }));
    const leaving = cardOf('Post published');
    expect(leaving).toBeDefined();
    expect(leaving?.getAttribute('aria-hidden')).toBe('true');
    // Its dismiss button can no longer take the focus.
    expect(leaving?.hasAttribute('inert')).toBe(true);
    expect(leaving?.classList.contains('pointer-events-none')).toBe(true);
    expect(leaving?.classList.contains('pointer-events-auto')).toBe(false);
    expect(cardOf('Already Liked')?.classList.contains('pointer-events-auto')).toBe(true);
  });
});
