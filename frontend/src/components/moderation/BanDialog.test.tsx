import type { Report } from '@piste/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BanDialog } from './BanDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no modal dialogs; opening one only needs to mark it open here.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
};

const report = { id: 'r1', post: { authorName: 'Hugo' } } as Report;
const onConfirm = jest.fn<Promise<boolean>, [number, string]>();
const onCancel = jest.fn();

let host: HTMLDivElement;
let root: Root;

function render(shown: Report | null) {
  act(() =>
    root.render(<BanDialog report={shown} pending={false} onCancel={onCancel} onConfirm={onConfirm} />),
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  onConfirm.mockResolvedValue(true);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  render(report);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const duration = () => host.querySelector<HTMLSelectElement>('#ban-duration')!;
const reason = () => host.querySelector<HTMLTextAreaElement>('#ban-reason')!;
const banButton = () => host.querySelector<HTMLButtonElement>('button[type=submit]')!;

function change(element: HTMLSelectElement | HTMLTextAreaElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

async function ban() {
  await act(async () => {
    banButton().click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('BanDialog', () => {
  it('starts at 24 hours with the default reason, and refuses a blank reason', async () => {
    expect(duration().value).toBe('24');
    expect(reason().value).toBe('Violation of community guidelines');
    change(reason(), '   ');
    expect(banButton().disabled).toBe(true);
    await act(async () => {
      host.querySelector('form')!.requestSubmit();
      await Promise.resolve();
    });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('bans for the chosen duration with the trimmed reason, then starts over', async () => {
    change(duration(), '1');
    change(reason(), '  Spam  ');
    await ban();
    expect(onConfirm).toHaveBeenCalledWith(1, 'Spam');
    expect(duration().value).toBe('24');
    expect(reason().value).toBe('');
    expect(banButton().disabled).toBe(true);
  });

  it('keeps what was typed when the ban fails or the dialog is closed and opened again', async () => {
    onConfirm.mockResolvedValueOnce(false);
    change(reason(), 'Harassment');
    await ban();
    expect(reason().value).toBe('Harassment');
    render(null);
    render(report);
    expect(reason().value).toBe('Harassment');
  });
});
