import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { ok, uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { live, screenshot, until } from './ui';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Opens an event's page and waits until it is shown and live. */
async function openEvent(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await live(page);
}

/** Waits until the page's going count reads `text` ('2 going'), without a reload. */
const goingShows = (page: Page, text: string) =>
  page.getByTestId('event-going-count').filter({ hasText: text }).waitFor();

/** A calendar file's first event, as ical.js (an ES module) reads it: its summary and start. */
async function firstEventOf(body: string): Promise<{ summary: string; start: string }> {
  const { default: ICAL } = await import('ical.js');
  const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error(`no event in the calendar file:\n${body}`);
  const event = new ICAL.Event(vevent);
  return { summary: event.summary, start: event.startDate.toJSDate().toISOString() };
}

describeInBrowser('events: create, going live between three fencers, attendees, a calendar file', () => {
  const journey = journeyFixture();

  it('A creates an event in Tokyo time; B and C go, and every page counts them live; A downloads it', async () => {
    const a = await journey.signUpByApi('ada');
    const b = await journey.signUpByApi('bo');
    const c = await journey.signUpByApi('cy');
    const title = `Tokyo Épée Cup ${uniqueName('cup')}`;
    // A month from now, at ten in the morning in Tokyo (UTC+9 all year): one in the morning UTC.
    const day = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const startsAt = `${day}T01:00:00.000Z`;

    // A creates the event through the form, reached from the events page.
    await a.page.goto('/events');
    await a.page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await a.page.getByRole('link', { name: 'Add an event' }).first().click();
    const form = a.page.getByRole('form', { name: 'Create an event' });
    await form.waitFor();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Kind').selectOption('competition');
    await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await form.getByLabel('Starts').fill(`${day}T10:00`);
    await form.getByLabel('Ends').fill(`${day}T18:00`);
    await form.getByLabel('Venue').fill('Tokyo Metropolitan Gymnasium');
    await form.getByLabel('City').fill('Tokyo');
    await form.getByLabel('Country (two letters)').fill('jp');
    await form.getByLabel('Épée').check();
    await form.getByLabel('Categories').fill('U20, Seniors');
    await form.getByLabel('Registration link').fill('https://example.com/tokyo-cup');
    await form.getByLabel('Description').fill('Pools in the morning, direct elimination after lunch.');
    await screenshot(a.page, 'events-create-filled', { fullPage: false });
    await form.getByRole('button', { name: 'Create event' }).click();
    await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await a.page.waitForURL(/\/events\/[0-9a-f-]{36}$/);
    const eventPath = new URL(a.page.url()).pathname;
    // Shown in Tokyo time; the browser's clocks (UTC) differ, so its own time too.
    await a.page.getByTestId('event-times').filter({ hasText: '10:00' }).waitFor();
    await a.page.getByTestId('event-your-times').filter({ hasText: '01:00' }).waitFor();
    await a.page.getByText('Tokyo Metropolitan Gymnasium, Tokyo, Japan').waitFor();
    await a.page.getByRole('button', { name: 'Cancel event' }).waitFor();
    await goingShows(a.page, '0 going');
    await live(a.page);

    await openEvent(b.page, eventPath, title);
    await openEvent(c.page, eventPath, title);
    // Only its creator edits it.
    await expect(b.page.getByRole('link', { name: 'Edit', exact: true }).count()).resolves.toBe(0);

    // B is going: A's and C's pages count it without a reload.
    const bGoing = b.page.getByRole('button', { name: 'Going', exact: true });
    await bGoing.click();
    await b.page.getByRole('button', { name: 'Going', exact: true, pressed: true }).waitFor();
    await goingShows(b.page, '1 going');
    await goingShows(a.page, '1 going');
    await goingShows(c.page, '1 going');

    // C too: two on A's and B's pages.
    await c.page.getByRole('button', { name: 'Going', exact: true }).click();
    await goingShows(c.page, '2 going');
    await goingShows(a.page, '2 going');
    await goingShows(b.page, '2 going');

    // C sees B among who goes, and asks to connect.
    const bRow = c.page.getByTestId('event-attendee').filter({ hasText: b.user.name });
    await bRow.waitFor();
    await c.page.getByTestId('event-attendee').filter({ hasText: c.user.name }).getByText('You').waitFor();
    await bRow.getByRole('button', { name: /^Connect/ }).click();
    await bRow.getByRole('button', { name: 'Request sent' }).waitFor();
    await screenshot(c.page, 'events-going-live', { fullPage: false });

    // B takes it back: pressing Going again clears it, on every page.
    await bGoing.click();
    await b.page.getByRole('button', { name: 'Going', exact: true, pressed: false }).waitFor();
    await goingShows(a.page, '1 going');
    await goingShows(c.page, '1 going');

    // A downloads the calendar file: its summary is the title, its start the one chosen in Tokyo.
    const [download] = await Promise.all([
      a.page.waitForEvent('download'),
      a.page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const file = await download.path();
    await expect(firstEventOf(await readFile(file, 'utf8'))).resolves.toEqual({
      summary: title,
      start: startsAt,
    });

    // C follows the events they go to in a calendar app: the feed's link shows once, and lists this one.
    await c.page.goto('/settings?tab=notifications');
    const calendar = c.page.getByRole('region', { name: 'Calendar' });
    await calendar.getByRole('button', { name: 'Turn on calendar feed' }).click();
    const feedUrl = await calendar.getByLabel('Your calendar link').inputValue();
    expect(feedUrl).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
    await screenshot(c.page, 'events-calendar-feed', { phone: true });
    // The feed is public: calendar apps cannot sign in.
    const visitor = await journey.newTab();
    const feed = await visitor.context.request.get(new URL(feedUrl).pathname);
    expect(feed.status()).toBe(200);
    await expect(firstEventOf(await feed.text())).resolves.toEqual({ summary: title, start: startsAt });

    // The events page lists it with who goes; filtering by Japan still finds it.
    await a.page.goto('/events?country=JP&weapon=epee');
    const card = a.page.getByTestId('event-card').filter({ hasText: title });
    await card.waitFor();
    await card.getByText('1 going').waitFor();
    await screenshot(a.page, 'events-list', { fullPage: false });
  });

  it('a club’s owner adds its event from the club’s Events tab, where it is listed once added', async () => {
    const a = await journey.signUpByApi('ada');
    const { club } = await ok<{ club: { id: string; slug: string; name: string } }>(
      a.context.request.post('/api/clubs', {
        data: {
          name: `Salle ${uniqueName('club')}`,
          city: 'Lyon',
          country: 'FR',
          weapons: ['foil'],
          description: '',
          joinPolicy: 'open',
        },
      }),
    );
    const title = `Club night ${uniqueName('night')}`;
    const day = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);

    await a.page.goto(`/clubs/${club.slug}`);
    await a.page.getByRole('tab', { name: 'Events' }).click();
    await a.page.getByTestId('club-events-empty').getByText('No events yet').waitFor();
    await a.page.getByRole('tabpanel').getByRole('link', { name: 'Add an event' }).click();

    // The form comes with the club chosen.
    const form = a.page.getByRole('form', { name: 'Create an event' });
    const clubChoice = form.getByLabel('Club');
    await until(
      () => clubChoice.inputValue(),
      (value) => value === club.id,
      'the club to be chosen',
    );
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Kind').selectOption('social');
    await form.getByLabel('Time zone').selectOption('Europe/Paris');
    await form.getByLabel('Starts').fill(`${day}T19:00`);
    await form.getByLabel('Ends').fill(`${day}T23:00`);
    await form.getByLabel('City').fill('Lyon');
    await form.getByLabel('Country (two letters)').fill('FR');
    await form.getByLabel('Foil').check();
    await form.getByRole('button', { name: 'Create event' }).click();
    await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await a.page.getByRole('link', { name: club.name }).click();

    await a.page.getByRole('heading', { level: 1, name: club.name }).waitFor();
    await a.page.getByRole('tab', { name: 'Events' }).click();
    await a.page.getByTestId('event-card').filter({ hasText: title }).waitFor();
    await screenshot(a.page, 'events-club-tab', { fullPage: false });
  });
});
