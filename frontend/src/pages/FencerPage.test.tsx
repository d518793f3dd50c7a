import type { Profile } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as usersApi from '../api/users';
import { mountEach, settle } from '../test-support/mounted';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { useSessionStore } from '../stores/session';
import { FencerByIdPage } from './FencerPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
jest.mock('../api/users');
const api = jest.mocked(usersApi);
const router = routerAddress();

beforeEach(() => {
  jest.resetAllMocks();
  // The page as first mounted waits; each test mounts it again with the answer it wants.
  api.fetchProfile.mockReturnValue(new Promise(() => undefined));
  router.showParams({ userId: 'u-claire' });
});

describe('/u/id/:userId', () => {
  const view = mountEach(() => <FencerByIdPage />);
  const text = () => view.host().textContent;

  it('finds the username and shows the fencer’s own page in its place', async () => {
    api.fetchProfile.mockResolvedValueOnce({ username: 'claire' } as Profile);
    view.render(<FencerByIdPage key="again" />);
    expect(view.host().querySelector('[aria-label="Loading profile"]')).not.toBeNull();
    await settle(() => undefined);
    expect(api.fetchProfile).toHaveBeenLastCalledWith('u-claire');
    expect(router.navigate).toHaveBeenLastCalledWith('/u/claire');
  });

  it('says when there is no such fencer, and offers to try again after a failure', async () => {
    api.fetchProfile.mockRejectedValueOnce(new ApiError('User not found', 404));
    view.render(<FencerByIdPage key="missing" />);
    await settle(() => undefined);
    expect(text()).toContain('Fencer not found');

    api.fetchProfile.mockRejectedValueOnce(new Error('offline'));
    view.render(<FencerByIdPage key="offline" />);
    await settle(() => undefined);
    expect(text()).toContain("Couldn't load this profile");
    expect(text()).toContain('Failed to load profile');

    api.fetchProfile.mockResolvedValueOnce({ username: 'claire' } as Profile);
    const retry = [...view.host().querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await settle(() => retry.click());
    expect(router.navigate).toHaveBeenLastCalledWith('/u/claire');
  });

  it('asks again when another user signs in', async () => {
    api.fetchProfile.mockRejectedValueOnce(new Error('offline'));
    view.render(<FencerByIdPage key="signed-out" />);
    await settle(() => undefined);
    expect(text()).toContain("Couldn't load this profile");

    api.fetchProfile.mockResolvedValueOnce({ username: 'claire' } as Profile);
    await settle(() =>
      useSessionStore.setState({ user: sessionUser({ id: 'u-ana', username: 'ana', name: 'Ana' }) }),
    );
    expect(router.navigate).toHaveBeenLastCalledWith('/u/claire');
  });
});
