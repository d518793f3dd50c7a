import type { SessionUser } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { ApiClient, uniqueName, useTestApp } from './helpers';
import { useMailbox, type ReceivedMail } from './mailbox';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SUBJECT = 'New sign-in to your Piste account';

const mailbox = useMailbox();
const t = useTestApp(Object.assign(mailbox.env, { TRUST_PROXY: 'true' }));

let now = Date.now();
beforeEach(() => jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now)));
afterEach(() => jest.restoreAllMocks());

/** A browser: its user agent, the address it comes from, and the device cookie it was given, if any. */
class Browser {
  device = '';
  constructor(
    public userAgent: string,
    public ip: string,
  ) {}

  async send<T>(path: string, body: unknown) {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, 'x-forwarded-for': this.ip };
    if (this.device) headers.cookie = this.device;
    // Each request starts signed out: only the device cookie is carried from one sign-in to the next.
    const reply = await new ApiClient(t.url).request<T>('POST', path, body, headers);
    const given = reply.headers.getSetCookie().find((c) => c.startsWith('piste.device='));
    if (given) this.device = given.split(';')[0];
    return reply;
  }
}

describe('new sign-in notice', () => {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const password = 'secret123';
  const signIn = async (browser: Browser) => {
    const reply = await browser.send<SessionUser>('/api/login', { username, password });
    expect(reply.status).toBe(200);
  };
  const notices = () => mailbox.received.filter((m) => m.to.includes(email) && m.subject === SUBJECT);
  /** Waits for the next notice; by then any notice an earlier sign-in queued has arrived too. */
  const waitForNotices = async (count: number): Promise<ReceivedMail[]> => {
    const deadline = Date.now() + 15_000;
    while (notices().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // A little longer: a notice that should not have been sent would show now.
    await new Promise((r) => setTimeout(r, 1500));
    return notices();
  };

  it('is not sent for the browser that registered, nor for that kind of browser on the same network', async () => {
    const phone = new Browser(CHROME_ANDROID, '198.51.100.7');
    const registered = await phone.send<SessionUser>('/api/register', {
      username,
      email,
      name: 'Notice Fencer',
      password,
    });
    expect(registered.status).toBe(201);
    expect(phone.device).toMatch(/^piste\.device=[\w-]{22}$/);
    await signIn(phone);
    // Cookies cleared, same phone and wifi: known by what it is and where.
    await signIn(new Browser(CHROME_ANDROID, '198.51.100.9'));
    expect(await waitForNotices(0)).toEqual([]);
  });

  it('is sent once for a new browser on a new network, telling what and where, with a link to Security', async () => {
    const laptop = new Browser(FIREFOX_WINDOWS, '203.0.113.5');
    await signIn(laptop);
    const [mail] = await waitForNotices(1);
    expect(mail.text).toContain('Browser: Firefox 133 on Windows');
    expect(mail.text).toContain('Network: 203.0.113.x');
    expect(mail.text).not.toContain('203.0.113.5');
    expect(mail.text).toContain(`${t.config.publicUrl}/settings?tab=security`);

    // The same browser elsewhere (its cookie says who it is), and the same kind on the same network: known.
    laptop.ip = '192.0.2.44';
    await signIn(laptop);
    await signIn(new Browser(FIREFOX_WINDOWS, '203.0.113.99'));
    expect(await waitForNotices(1)).toHaveLength(1);
  });

  it('is sent again once 90 days have passed without that browser or network', async () => {
    now += 91 * 24 * 60 * 60 * 1000;
    await signIn(new Browser(CHROME_ANDROID, '198.51.100.7'));
    expect(await waitForNotices(2)).toHaveLength(2);
  });
});
