import { act } from 'react';
import * as eventsApi from '../../api/events';
import { useCalendarFeedStore } from '../../stores/calendar-feed';
import { mountEach, settle } from '../../test-support/mounted';
import { CalendarFeedPanel } from './CalendarFeedPanel';

jest.mock('../../api/events');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

// jsdom has no modal dialogs; a new link confirms in one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const api = jest.mocked(eventsApi);
const FEED_URL = 'https://piste.example/api/calendar/abcdefghijklmnopqrstuvwx.ics';

beforeEach(() => {
  jest.resetAllMocks();
  useCalendarFeedStore.getState().reset();
  api.fetchCalendarFeed.mockResolvedValue({ active: false, createdAt: null });
});
const view = mountEach(() => <CalendarFeedPanel />);
const host = () => view.host();
beforeEach(() => settle(() => void useCalendarFeedStore.getState().load()));

const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);

describe('calendar feed settings', () => {
  it('turns the feed on and shows its link once, with how to use it', async () => {
    expect(host().textContent).toContain('Your calendar feed is off.');
    api.renewCalendarFeed.mockResolvedValue({
      active: true,
      createdAt: '2026-11-26T10:00:00.000Z',
      url: FEED_URL,
    });
    await settle(() => button('Turn on calendar feed')!.click());
    expect(host().querySelector<HTMLInputElement>('#calendar-feed-url')?.value).toBe(FEED_URL);
    expect(host().querySelector<HTMLInputElement>('#calendar-feed-url')?.readOnly).toBe(true);
    expect(host().textContent).toContain('Anyone with this link sees the events you go to.');

    // Coming back later: the feed is on, its link no longer shown.
    api.fetchCalendarFeed.mockResolvedValue({ active: true, createdAt: '2026-11-26T10:00:00.000Z' });
    await settle(() => void useCalendarFeedStore.getState().load());
    expect(host().querySelector('#calendar-feed-url')).not.toBeNull();
    act(() => useCalendarFeedStore.getState().reset());
    await settle(() => void useCalendarFeedStore.getState().load());
    expect(host().querySelector('#calendar-feed-url')).toBeNull();
    expect(host().textContent).toContain('Its link shows only once');
  });

  it('makes a new link after a confirm, and turns the feed off', async () => {
    api.fetchCalendarFeed.mockResolvedValue({ active: true, createdAt: '2026-11-26T10:00:00.000Z' });
    await settle(() => void useCalendarFeedStore.getState().load());
    await settle(() => button('Make a new link')!.click());
    expect(document.body.textContent).toContain('The link you use now stops working');
    expect(api.renewCalendarFeed).not.toHaveBeenCalled();
    api.renewCalendarFeed.mockResolvedValue({
      active: true,
      createdAt: '2026-11-27T10:00:00.000Z',
      url: FEED_URL,
    });
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find(
      (b) => b.textContent === 'Make a new link',
    );
    await settle(() => confirm!.click());
    expect(api.renewCalendarFeed).toHaveBeenCalledTimes(1);
    expect(host().querySelector<HTMLInputElement>('#calendar-feed-url')?.value).toBe(FEED_URL);

    api.turnOffCalendarFeed.mockResolvedValue();
    await settle(() => button('Turn off')!.click());
    expect(api.turnOffCalendarFeed).toHaveBeenCalledTimes(1);
    expect(host().textContent).toContain('Your calendar feed is off.');
  });
});
