import { act } from 'react';
import { ApiError } from '../../api/client';
import * as moderationApi from '../../api/moderation';
import { notify } from '../../lib/toast';
import { useReportDialogStore, type ReportSubject } from '../../stores/report-dialog';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { ReportDialog } from './ReportDialog';

jest.mock('../../api/moderation');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());
const api = jest.mocked(moderationApi);
const toast = jest.mocked(notify);

// jsdom has no modal dialogs; opening one only needs to mark it open here.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
};

const comment: ReportSubject = { type: 'comment', id: 'comment-1', name: 'Hugo' };

beforeEach(() => {
  jest.resetAllMocks();
  useReportDialogStore.setState({ subject: null, sending: false });
});
const view = mountEach(() => <ReportDialog />);

const open = (subject: ReportSubject) => act(() => useReportDialogStore.getState().open(subject));
const dialog = () => view.host().querySelector('dialog')!;
const form = () => view.host().querySelector('form');
const radios = () => Array.from(view.host().querySelectorAll<HTMLInputElement>('input[type=radio]'));
const choice = (label: string) =>
  radios().find((radio) => radio.closest('label')?.textContent === label) ?? null;
const description = () => view.host().querySelector<HTMLTextAreaElement>('#report-description')!;
const submit = () => settle(() => form()!.requestSubmit());

describe('ReportDialog', () => {
  it('stays closed until something is reported, then names it and offers every category', () => {
    expect(dialog().open).toBe(false);
    expect(form()).toBeNull();
    open(comment);
    expect(dialog().open).toBe(true);
    expect(view.host().querySelector('#report-dialog-title')?.textContent).toBe('Report comment');
    expect(view.host().querySelector('#report-dialog-description')?.textContent).toContain(
      "What is wrong with Hugo's comment?",
    );
    expect(radios().map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Spam',
      'Harassment',
      'Hate',
      'Violence',
      'Sexual content',
      'Self-harm',
      'Impersonation',
      'Other',
    ]);
    expect(radios().every((radio) => !radio.checked)).toBe(true);
  });

  it.each([
    [{ type: 'message', id: 'm-1', name: 'Sam' } as const, 'Report message', 'this message from Sam'],
    [{ type: 'user', id: 'u-1', name: 'Dora' } as const, 'Report fencer', "Dora's profile or behaviour"],
  ])('names a %s', (subject, title, text) => {
    open(subject);
    expect(view.host().querySelector('#report-dialog-title')?.textContent).toBe(title);
    expect(view.host().querySelector('#report-dialog-description')?.textContent).toContain(text);
  });

  it('asks for a reason before sending anything', async () => {
    open(comment);
    await submit();
    expect(view.host().querySelector('#report-reason-error')?.textContent).toBe('Choose a reason');
    expect(api.reportTarget).not.toHaveBeenCalled();
  });

  it('sends the category and the trimmed description, confirms, and closes', async () => {
    api.reportTarget.mockResolvedValue({} as never);
    open(comment);
    await settle(() => choice('Harassment')!.click());
    typeInto(description(), '  Third time this week  ');
    await submit();
    expect(api.reportTarget).toHaveBeenCalledWith({
      targetType: 'comment',
      targetId: 'comment-1',
      reason: 'harassment',
      description: 'Third time this week',
    });
    expect(toast.success).toHaveBeenCalledWith(
      'Report submitted',
      'Thank you for helping keep our community safe. Our team will review this comment.',
    );
    expect(useReportDialogStore.getState().subject).toBeNull();
    expect(dialog().open).toBe(false);
  });

  it('sends no description when none is given', async () => {
    api.reportTarget.mockResolvedValue({} as never);
    open({ type: 'user', id: 'u-1', name: 'Dora' });
    await settle(() => choice('Impersonation')!.click());
    await submit();
    expect(api.reportTarget).toHaveBeenCalledWith({
      targetType: 'user',
      targetId: 'u-1',
      reason: 'impersonation',
      description: null,
    });
  });

  it('closes on a report that cannot go through (already reported), stays open to retry otherwise', async () => {
    open(comment);
    await settle(() => choice('Spam')!.click());
    api.reportTarget.mockRejectedValueOnce(new ApiError('Network error', 0));
    await submit();
    expect(toast.error).toHaveBeenCalledWith('Failed to submit report', 'Network error');
    expect(dialog().open).toBe(true);
    expect(choice('Spam')!.checked).toBe(true);

    api.reportTarget.mockRejectedValueOnce(new ApiError('You have already reported this comment', 409));
    await submit();
    expect(toast.error).toHaveBeenLastCalledWith(
      'Failed to submit report',
      'You have already reported this comment',
    );
    expect(dialog().open).toBe(false);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    open(comment);
    const cancel = Array.from(view.host().querySelectorAll('button')).find(
      (b) => b.textContent === 'Cancel',
    )!;
    await settle(() => cancel.click());
    expect(dialog().open).toBe(false);
    expect(api.reportTarget).not.toHaveBeenCalled();
  });
});
