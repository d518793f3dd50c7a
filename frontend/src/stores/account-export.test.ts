import {
  EXPORT_ALREADY_PENDING,
  EXPORT_TOO_SOON,
  type AccountExport,
  type ServerNotification,
} from '@piste/contracts';
import * as accountApi from '../api/account';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';
import { useAccountExportStore } from './account-export';
import { useSessionStore } from './session';

jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/account');
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const toast = jest.mocked(notify);
const live = liveSocket();

// The store follows the `notification` event through the app's one table of live updates.
startLiveEvents();

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire' });
const store = () => useAccountExportStore.getState();

const pending: AccountExport = {
  id: 'e1',
  status: 'pending',
  createdAt: '2026-11-22T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  size: null,
  url: null,
  nextAllowedAt: '2026-11-23T10:00:00.000Z',
};
const ready: AccountExport = {
  ...pending,
  status: 'ready',
  readyAt: '2026-11-22T10:00:05.000Z',
  expiresAt: '2026-11-29T10:00:05.000Z',
  size: 12_345,
  url: '/api/account/export/e1/download',
};

const exportReady: ServerNotification = {
  id: 'n1',
  type: 'other',
  user: { name: 'Piste', avatar: null },
  message: 'Your data export is ready to download.',
  path: '/settings?tab=privacy',
  createdAt: '2026-11-22T10:00:05.000Z',
  unread: true,
};

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
  useSessionStore.setState({ user: claire, status: 'ready' });
  store().reset();
});

describe('the account export store', () => {
  it('loads the latest export, none at first, and keeps it when a refetch fails', async () => {
    api.fetchLatestExport.mockResolvedValueOnce(null);
    await store().load();
    expect(store()).toMatchObject({ latest: null, status: 'ready' });

    api.fetchLatestExport.mockResolvedValueOnce(ready).mockRejectedValueOnce(new ApiError('Down', 503));
    await store().load();
    await store().load();
    expect(store()).toMatchObject({ latest: ready, status: 'ready' });
  });

  it('says when the export cannot be loaded at all', async () => {
    api.fetchLatestExport.mockRejectedValue(new ApiError('Down', 503));
    await store().load();
    expect(store()).toMatchObject({ latest: null, status: 'error' });
  });

  it('asks for an export, shows it pending and says so', async () => {
    api.requestExport.mockResolvedValue(pending);
    await store().request();
    expect(api.requestExport).toHaveBeenCalledTimes(1);
    expect(store()).toMatchObject({ latest: pending, status: 'ready', requesting: false, refusal: null });
    expect(toast.success).toHaveBeenCalledWith(
      'Export requested',
      'We are preparing your archive and will let you know when it is ready.',
    );
  });

  it('keeps a refusal beside the button, says it, and shows the export it was refused for', async () => {
    api.fetchLatestExport.mockResolvedValueOnce(null).mockResolvedValueOnce(pending);
    await store().load();
    api.requestExport.mockRejectedValue(new ApiError(EXPORT_ALREADY_PENDING, 429));
    await store().request();
    expect(toast.error).toHaveBeenCalledWith('Export not requested', EXPORT_ALREADY_PENDING);
    expect(store()).toMatchObject({ latest: pending, refusal: EXPORT_ALREADY_PENDING, requesting: false });

    // Once that export moves on, so does the refusal.
    api.fetchLatestExport.mockResolvedValueOnce(ready);
    await store().load();
    expect(store()).toMatchObject({ latest: ready, refusal: null });
  });

  it('does not refetch for a refusal that is not about an export', async () => {
    api.requestExport.mockRejectedValue(new ApiError('Network error: the server could not be reached', 0));
    await store().request();
    expect(store().refusal).toBe('Network error: the server could not be reached');
    expect(api.fetchLatestExport).not.toHaveBeenCalled();
  });

  it('fetches the export again when the notification that it is ready arrives, once the tab has shown it', async () => {
    api.fetchLatestExport.mockResolvedValue(ready);
    live.play('notification', exportReady);
    await Promise.resolve();
    // Never shown: nothing to bring up to date.
    expect(api.fetchLatestExport).not.toHaveBeenCalled();

    useAccountExportStore.setState({ latest: pending, status: 'ready' });
    live.play('notification', {
      ...exportReady,
      id: 'n2',
      message: 'Bruno liked your post',
      path: undefined,
    });
    expect(api.fetchLatestExport).not.toHaveBeenCalled();
    live.play('notification', { ...exportReady, id: 'n3' });
    await Promise.resolve();
    expect(api.fetchLatestExport).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(store().latest).toEqual(ready);
  });

  it('forgets the export when the user signs out', () => {
    useAccountExportStore.setState({ latest: ready, status: 'ready', refusal: EXPORT_TOO_SOON });
    useSessionStore.getState().setUser(null);
    expect(store()).toMatchObject({ latest: null, status: 'idle', refusal: null });
  });
});
