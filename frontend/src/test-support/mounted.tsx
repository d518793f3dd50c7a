import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * What component tests share: a fresh React root in the document for each test, and typing and submitting as
 * a user would. Call `mountEach` at the top of a test file:
 *
 *   const view = mountEach(() => <Composer user={me} weapon="epee" />);
 *   view.host().querySelector('form');
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedView {
  /** The element the component renders into. */
  host(): HTMLDivElement;
  /** Renders another element (or the same with other props) into the same root. */
  render(element: ReactNode): void;
}

/** Renders `element()` into a new host before each test, removed after; call it below the file's own `beforeEach`. */
export function mountEach(element: () => ReactNode): MountedView {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root.render(element()));
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  return {
    host: () => host,
    render: (next) => act(() => root.render(next)),
  };
}

/** Types `text` into an input, text area or select as the browser would report it to React. */
export function typeInto(target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, text: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')!.set!.call(target, text);
    target.dispatchEvent(
      new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

/** Does `action`, then lets what it started (a form's schema check, a mocked request) settle. */
export async function settle(action: () => void) {
  await act(async () => {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Lets the parts of the page the last step fetched on demand (an editor, a dialog) arrive and render. */
export async function lazyPartsArrive() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
