import { act } from 'react';
import { useAppUpdateStore } from '../stores/app-update';
import { mountEach } from '../test-support/mounted';
import { AppUpdateBanner } from './AppUpdateBanner';

beforeEach(() => useAppUpdateStore.setState({ available: false, apply: () => undefined }));
const view = mountEach(() => <AppUpdateBanner />);
const banner = () => view.host().querySelector('[aria-label="Update"]');

describe('AppUpdateBanner', () => {
  it('shows nothing until a new build waits', () => {
    expect(banner()).toBeNull();
  });

  it('offers the waiting build, and reloads into it only when asked', () => {
    const apply = jest.fn();
    act(() => useAppUpdateStore.getState().offer(apply));
    expect(banner()?.textContent).toContain('A new version of Piste is available');
    expect(apply).not.toHaveBeenCalled();
    act(() => banner()!.querySelector('button')!.click());
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
