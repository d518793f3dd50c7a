import { renderToStaticMarkup } from 'react-dom/server';
import { PostImage } from './PostImage';

const ORIGINAL = '/objects/post/0123456789abcdef0123456789abcdef';
const DISPLAY = { url: `${ORIGINAL}-display.webp`, width: 1080, height: 720 };

/** The rendered image and its link, as the browser would get them. */
function render(post: Parameters<typeof PostImage>[0]['post']) {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<PostImage post={post} url={ORIGINAL} onError={() => undefined} />);
  return { link: host.querySelector('a')!, img: host.querySelector('img')! };
}

describe('PostImage', () => {
  it('shows the display version at its size, lazily, and links to the original in a new tab', () => {
    const { link, img } = render({ mediaWidth: 3000, mediaHeight: 2000, mediaDisplay: DISPLAY });
    expect(img.getAttribute('src')).toBe(DISPLAY.url);
    expect(img.getAttribute('width')).toBe('1080');
    expect(img.getAttribute('height')).toBe('720');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.dataset.testid).toBe('post-media');
    expect(link.getAttribute('href')).toBe(ORIGINAL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(link.getAttribute('aria-label')).toBe('Open the full-size image in a new tab');
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
