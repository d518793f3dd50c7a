import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { lazyPartsArrive } from '../test-support/mounted';
import { PostImage } from './PostImage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ORIGINAL = '/objects/post/0123456789abcdef0123456789abcdef';
const DISPLAY = { url: `${ORIGINAL}-display.webp`, width: 1080, height: 720 };

/** The rendered image and its button, as the browser would get them. */
function render(post: Parameters<typeof PostImage>[0]['post']) {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<PostImage post={post} url={ORIGINAL} onError={() => undefined} />);
  return { button: host.querySelector('button')!, img: host.querySelector('img')! };
}

describe('PostImage', () => {
  it('shows the display version at its size, lazily, in a button that opens a dialog', () => {
    const { button, img } = render({ mediaWidth: 3000, mediaHeight: 2000, mediaDisplay: DISPLAY });
    expect(img.getAttribute('src')).toBe(DISPLAY.url);
    expect(img.getAttribute('width')).toBe('1080');
    expect(img.getAttribute('height')).toBe('720');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.dataset.testid).toBe('post-media');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-label')).toBe('View the full-size image');
  });

  it('shows an animation (no display version) as the original at its recorded size', () => {
    const { img } = render({ mediaWidth: 60, mediaHeight: 40, mediaDisplay: null });
    expect(img.getAttribute('src')).toBe(ORIGINAL);
    expect(img.getAttribute('width')).toBe('60');
    expect(img.getAttribute('height')).toBe('40');
  });

  it('still shows an older post that has neither a display version nor a size', () => {
    const { img } = render({});
    expect(img.getAttribute('src')).toBe(ORIGINAL);
    expect(img.hasAttribute('width')).toBe(false);
    expect(img.hasAttribute('height')).toBe(false);
  });
});

describe('PostImage lightbox', () => {
  let app: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    app = document.createElement('div');
    app.id = 'root';
    document.body.append(app);
    root = createRoot(app);
    act(() =>
      root.render(
        <PostImage
          post={{ mediaWidth: 3000, mediaHeight: 2000, mediaDisplay: DISPLAY }}
          url={ORIGINAL}
          alt="A lunge on the piste"
          onError={() => undefined}
        />,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    app.remove();
    document.body.style.overflow = '';
  });

  const opener = () => app.querySelector('button')!;
  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const press = (key: string, shiftKey = false) =>
    act(() => {
      (document.activeElement ?? document.body).dispatchEvent(
        new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }),
      );
    });

  async function open() {
    opener().focus();
    act(() => opener().click());
    await lazyPartsArrive();
    return dialog()!;
  }

  it('opens the original in a modal dialog, with the focus inside and the page behind locked', async () => {
    expect(dialog()).toBeNull();
    const box = await open();
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Full-size image',
    );
    const full = box.querySelector('img')!;
    expect(full.getAttribute('src')).toBe(ORIGINAL);
    expect(full.getAttribute('alt')).toBe('A lunge on the piste');
    expect(box.querySelector('a')?.getAttribute('href')).toBe(ORIGINAL);
    expect(box.querySelector('a')?.getAttribute('target')).toBe('_blank');
    expect(document.activeElement).toBe(box.querySelector('button[aria-label="Close"]'));
    expect(box.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    expect(app.hasAttribute('inert')).toBe(true);
    // Outside the app root, so the inert page does not take the dialog with it.
    expect(app.contains(box)).toBe(false);
  });

  it('keeps Tab inside the dialog', async () => {
    const box = await open();
    const link = box.querySelector('a')!;
    const close = box.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
    press('Tab');
    expect(document.activeElement).toBe(link);
    press('Tab', true);
    expect(document.activeElement).toBe(close);
  });

  it.each([
    ['Escape', () => press('Escape')],
    [
      'the close button',
      () => act(() => dialog()!.querySelector<HTMLButtonElement>('[aria-label="Close"]')!.click()),
    ],
    ['a click beside the image', () => act(() => dialog()!.click())],
  ])('closes with %s, unlocks the page and gives the focus back to the image', async (_how, close) => {
    await open();
    close();
    expect(dialog()).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(app.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener());
  });

  it('stays open when the image itself is clicked', async () => {
    const box = await open();
    act(() => box.querySelector('img')!.click());
    expect(dialog()).not.toBeNull();
  });
});
