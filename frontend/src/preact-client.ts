/**
 * `react-dom/client` in the built app, which runs on Preact's React layer (vite.config.ts): Preact's createRoot,
 * and what React's does besides that the app relies on.
 *
 * `autoFocus`: React focuses such an element as it mounts (the search page's box, the post editor, a reply box);
 * Preact only writes the attribute, which a browser honours at page load and when a dialog opens, not for an
 * element added later. So the elements added with the attribute are focused as they arrive, before the next paint,
 * as React does. (An element inside a closed dialog cannot take the focus yet; the dialog's opening gives it.)
 */
export { createRoot, hydrateRoot } from 'preact/compat/client';

function focusAutoFocused(records: MutationRecord[]): void {
  let last: HTMLElement | null = null;
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof HTMLElement)) continue;
      const inside = node.matches('[autofocus]') ? node : node.querySelector<HTMLElement>('[autofocus]');
      if (inside?.isConnected) last = inside;
    }
  }
  // React's last committed autoFocus wins too.
  last?.focus();
}

new MutationObserver(focusAutoFocused).observe(document, { childList: true, subtree: true });
