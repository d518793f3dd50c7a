import type { Report } from '@piste/contracts';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { BanDialog } from './BanDialog';

// jsdom has no modal dialogs; opening one only needs to mark it open here.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
};

const report = { id: 'r1', target: { type: 'comment', authorName: 'Hugo' } } as Report;
const onConfirm = jest.fn<Promise<boolean>, [number, string]>();
const onCancel = jest.fn();

const dialog = (shown: Report | null) => (
  <BanDialog report={shown} pending={false} onCancel={onCancel} onConfirm={onConfirm} />
);

beforeEach(() => {
  jest.clearAllMocks();
  onConfirm.mockResolvedValue(true);
});
const view = mountEach(() => dialog(report));

const duration = () => view.host().querySelector<HTMLSelectElement>('#ban-duration')!;
const reason = () => view.host().querySelector<HTMLTextAreaElement>('#ban-reason')!;
const banButton = () => view.host().querySelector<HTMLButtonElement>('button[type=submit]')!;
const ban = () => settle(() => banButton().click());

describe('BanDialog', () => {
  it('names the person the report is against', () => {
    expect(view.host().querySelector('#ban-dialog-description')?.textContent).toBe(
      'Temporarily ban Hugo from posting and commenting.',
    );
  });

  it('starts at 24 hours with the default reason, and refuses a blank reason', async () => {
    expect(duration().value).toBe('24');
    expect(reason().value).toBe('Violation of community guidelines');
    typeInto(reason(), '   ');
    expect(banButton().disabled).toBe(true);
    await settle(() => view.host().querySelector('form')!.requestSubmit());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('bans for the chosen duration with the trimmed reason, then starts over', async () => {
    typeInto(duration(), '1');
    typeInto(reason(), '  Spam  ');
    await ban();
    expect(onConfirm).toHaveBeenCalledWith(1, 'Spam');
    expect(duration().value).toBe('24');
    expect(reason().value).toBe('');
    expect(banButton().disabled).toBe(true);
  });

  it('keeps what was typed when the ban fails or the dialog is closed and opened again', async () => {
    onConfirm.mockResolvedValueOnce(false);
    typeInto(reason(), 'Harassment');
    await ban();
    expect(reason().value).toBe('Harassment');
    view.render(dialog(null));
    view.render(dialog(report));
    expect(reason().value).toBe('Harassment');
  });
});
