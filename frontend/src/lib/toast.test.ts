import { notify, useToasterNeeded } from './toast';

const mockShowToast = jest.fn();
jest.mock('./toast-card', () => ({ showToast: mockShowToast }));

describe('notify', () => {
  it('fetches the toaster with the first toast and shows what was asked meanwhile, in order', async () => {
    expect(useToasterNeeded.getState().needed).toBe(false);

    notify.success('Post published');
    notify.error('Failed to like post', 'Network error');
    expect(useToasterNeeded.getState().needed).toBe(true);
    expect(mockShowToast).not.toHaveBeenCalled();

    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockShowToast.mock.calls).toEqual([
      [{ variant: 'success', title: 'Post published', description: undefined }],
      [{ variant: 'error', title: 'Failed to like post', description: 'Network error' }],
    ]);

    // Once there, toasts show at once.
    notify.info('Already Liked');
    expect(mockShowToast).toHaveBeenLastCalledWith({
      variant: 'info',
      title: 'Already Liked',
      description: undefined,
    });
  });
});
