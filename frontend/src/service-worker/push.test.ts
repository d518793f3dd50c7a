import {
  appPath,
  NOTIFICATION_ICON,
  openFromNotification,
  readPush,
  showPush,
  type WorkerLike,
} from './push';

const ORIGIN = 'https://piste.example';

interface FakeWindow {
  url: string;
  focused: boolean;
  visibilityState: string;
  focus: jest.Mock;
  navigate: jest.Mock;
}

function fakeWindow(
  path: string,
  state: Partial<Pick<FakeWindow, 'focused' | 'visibilityState'>> = {},
): FakeWindow {
  return {
    url: `${ORIGIN}${path}`,
    focused: false,
    visibilityState: 'hidden',
    ...state,
    focus: jest.fn().mockResolvedValue(undefined),
    navigate: jest.fn().mockResolvedValue(undefined),
  };
}

function fakeWorker(windows: FakeWindow[] = []) {
  const showNotification = jest.fn().mockResolvedValue(undefined);
  const openWindow = jest.fn().mockResolvedValue(undefined);
  const worker: WorkerLike = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: () => Promise.resolve(windows), openWindow },
  };
  return { worker, showNotification, openWindow };
}

const MESSAGE = {
  type: 'message',
  title: 'New message from Marcus',
  body: 'Salle at six?',
  url: '/messages?with=42',
  tag: 'message:c1',
};

describe('the service worker: pushes', () => {
  it('reads our payload and nothing else', () => {
    expect(readPush({ json: () => MESSAGE })).toEqual(MESSAGE);
    expect(readPush({ json: () => ({ title: 'x' }) })).toBeNull();
    expect(
      readPush({
        json: () => {
          throw new SyntaxError('not JSON');
        },
      }),
    ).toBeNull();
    expect(readPush(null)).toBeNull();
  });

  it('shows the notification with its tag, icon and page when no Piste tab is in front', async () => {
    const { worker, showNotification } = fakeWorker([fakeWindow('/foil', { visibilityState: 'visible' })]);
    await showPush(worker, MESSAGE);
    expect(showNotification).toHaveBeenCalledWith('New message from Marcus', {
      body: 'Salle at six?',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      tag: 'message:c1',
      data: { url: '/messages?with=42' },
    });
  });

  it('shows nothing while a Piste tab is visible and focused: it shows the news live', async () => {
    const { worker, showNotification } = fakeWorker([
      fakeWindow('/messages', { focused: true, visibilityState: 'visible' }),
    ]);
    await showPush(worker, MESSAGE);
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('never opens another origin from a payload', async () => {
    const { worker, showNotification } = fakeWorker();
    await showPush(worker, { ...MESSAGE, url: 'https://evil.example/' });
    expect(showNotification.mock.calls[0][1].data).toEqual({ url: '/' });
    expect(appPath('//evil.example/x')).toBe('/');
    expect(appPath('/posts/1')).toBe('/posts/1');
  });
});

describe('the service worker: a click on a notification', () => {
  it('focuses the tab already showing the page', async () => {
    const there = fakeWindow('/messages?with=42');
    const { worker, openWindow } = fakeWorker([fakeWindow('/foil'), there]);
    await openFromNotification(worker, { url: '/messages?with=42' });
    expect(there.focus).toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('takes another Piste tab to the page', async () => {
    const tab = fakeWindow('/foil');
    const { worker, openWindow } = fakeWorker([tab]);
    await openFromNotification(worker, { url: '/posts/7' });
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/posts/7`);
    expect(tab.focus).toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new tab when none is open, at the app’s own page only', async () => {
    const { worker, openWindow } = fakeWorker();
    await openFromNotification(worker, { url: 'javascript:alert(1)' });
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
