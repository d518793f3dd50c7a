import { POST_MEDIA_MAX_BYTES, type FeedPost } from '@piste/contracts';
import { act } from 'react';
import { notify } from '../lib/toast';
import { banNotice, useBanStore } from '../stores/ban';
import { useFeedStore, type NewPost } from '../stores/feed';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { argumentOfOnlyCall } from '../test-support/mock-calls';
import { sessionUser } from '../test-support/session-user';
import { Composer } from './Composer';

jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const toast = jest.mocked(notify);

const me = sessionUser({ id: 'me', username: 'claire', name: 'Claire Dubois' });

const PUBLISHED = { id: 'p1', content: 'En garde' } as FeedPost;
const BAN_END = '2099-11-23T10:00:00.000Z';

// jsdom has no object URLs; the composer previews a chosen file through one.
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

const publish = jest.fn<Promise<FeedPost>, [NewPost, ((fraction: number) => void)?]>();
const onPosted = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  publish.mockResolvedValue(PUBLISHED);
  useFeedStore.setState({ publish });
  useBanStore.setState({ until: null, reason: null });
});
const view = mountEach(() => <Composer user={me} weapon="epee" onPosted={onPosted} />);

/** The form control a visible label names, as a screen reader would find it. */
function field(label: string) {
  const match = [...view.host().querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!match?.control) throw new Error(`No field labelled ${label}`);
  return match.control as HTMLInputElement | HTMLTextAreaElement;
}

function button(name: string) {
  const match = [...view.host().querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (!match) throw new Error(`No button named ${name}`);
  return match;
}

const content = () => field('Post content');
const labels = () => [...view.host().querySelectorAll('label')].map((l) => l.textContent?.trim());

const type = typeInto;

function chooseType(label: 'General' | 'Drill' | 'Achievement') {
  act(() => field(label).click());
}

/** Picks `file` in the (hidden) file input, as the picker the Photo/Video button opens would. */
function chooseFile(file: File) {
  const input = view.host().querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function fileOf(name: string, mime: string, size: number) {
  const file = new File(['x'], name, { type: mime });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const post = () => settle(() => button('Post').click());

/** Posts the draft and gives what the composer handed to the feed store. */
async function posted() {
  await post();
  return argumentOfOnlyCall(publish);
}

describe('Composer', () => {
  it('keeps Post disabled until the content has more than whitespace', () => {
    expect(button('Post').disabled).toBe(true);
    type(content(), '   \n  ');
    expect(button('Post').disabled).toBe(true);
    type(content(), 'Lunge ladder, 3 sets');
    expect(button('Post').disabled).toBe(false);
    type(content(), '');
    expect(button('Post').disabled).toBe(true);
  });

  it('shows the drill fields for a drill and the achievement fields for an achievement', () => {
    const drillFields = ['Duration', 'Level', 'Equipment', 'Focus'];
    const achievementFields = ['Place', 'Score', 'Competition', 'Competitors'];
    expect(labels()).not.toContain('Duration');
    expect(labels()).not.toContain('Place');

    chooseType('Drill');
    expect((field('Drill') as HTMLInputElement).checked).toBe(true);
    expect(labels()).toEqual(expect.arrayContaining(drillFields));
    expect(labels()).not.toContain('Place');

    chooseType('Achievement');
    expect(labels()).toEqual(expect.arrayContaining(achievementFields));
    expect(labels()).not.toContain('Duration');
    expect(field('Competitors').type).toBe('number');
  });

  it('sends the trimmed content with no details for a general post, then clears the draft', async () => {
    type(content(), '  Footwork before breakfast  ');
    expect(await posted()).toEqual({
      content: 'Footwork before breakfast',
      type: 'general',
      weapon: 'epee',
      file: null,
      poster: null,
      drillDetails: null,
      achievementDetails: null,
    });
    expect(onPosted).toHaveBeenCalledWith(PUBLISHED);
    expect(content().value).toBe('');
  });

  it.each([
    {
      postType: 'Drill',
      filledIn: { Duration: '20 minutes', Level: 'Beginner', Focus: 'Distance' },
      sent: {
        type: 'drill',
        drillDetails: { duration: '20 minutes', level: 'Beginner', equipment: '', focus: 'Distance' },
        achievementDetails: null,
      },
    },
    {
      postType: 'Achievement',
      filledIn: { Place: '1st', Score: '15-12', Competition: 'Regional Open', Competitors: '64' },
      // Competitors goes out as a number.
      sent: {
        type: 'achievement',
        drillDetails: null,
        achievementDetails: { place: '1st', score: '15-12', competition: 'Regional Open', competitors: 64 },
      },
    },
  ] as const)(
    'sends the details of a $postType post, and only those',
    async ({ postType, filledIn, sent }) => {
      type(content(), `A ${postType.toLowerCase()} to share`);
      chooseType(postType);
      for (const [label, value] of Object.entries(filledIn)) type(field(label), value);
      expect(await posted()).toMatchObject(sent);
    },
  );

  it('sends no drill details once the author switches a filled-in drill to a general post', async () => {
    type(content(), 'Changed my mind');
    chooseType('Drill');
    type(field('Duration'), '20 minutes');
    chooseType('General');
    expect(await posted()).toMatchObject({
      type: 'general',
      drillDetails: null,
      achievementDetails: null,
    });
  });

  it('says content is required, sends nothing and focuses the content for a blank post sent from a detail', async () => {
    type(content(), '   ');
    chooseType('Drill');
    type(field('Duration'), '20 minutes');
    // Enter in a detail field submits the form even while Post is disabled.
    await settle(() => view.host().querySelector('form')!.requestSubmit());
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Content required', 'Please enter some content for your post.');
    expect(publish).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(content());
    expect((field('Duration') as HTMLInputElement).value).toBe('20 minutes');
  });

  it('keeps the chosen weapon for the next post on the /post page', async () => {
    view.render(<Composer user={me} weapon="epee" chooseWeapon onPosted={onPosted} />);
    const weapon = view.host().querySelector<HTMLSelectElement>('#post-weapon')!;
    typeInto(weapon, 'sabre');
    type(content(), 'Sabre footwork');
    expect(await posted()).toMatchObject({ content: 'Sabre footwork', weapon: 'sabre' });
    expect(weapon.value).toBe('sabre');
    expect(content().value).toBe('');
  });

  it('keeps the draft when publishing fails', async () => {
    publish.mockRejectedValueOnce(new Error('Failed to create post'));
    type(content(), 'Try again');
    await post();
    expect(content().value).toBe('Try again');
    expect(onPosted).not.toHaveBeenCalled();
  });

  it('opens the file picker from its labelled Photo/Video button', () => {
    const input = view.host().querySelector<HTMLInputElement>('input[type=file]')!;
    // The button is the one way in: the input itself is out of the tab order and hidden from screen readers.
    expect(input.getAttribute('aria-hidden')).toBe('true');
    expect(input.tabIndex).toBe(-1);
    expect(input.accept).toBe('image/*,video/*');
    const opened = jest.fn();
    input.addEventListener('click', opened);
    act(() => button('Photo/Video').click());
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is neither an image nor a video', () => {
    chooseFile(fileOf('results.pdf', 'application/pdf', 1000));
    expect(toast.error).toHaveBeenCalledWith('Invalid file type', 'Please select an image or video file.');
    expect(view.host().querySelector('img[alt="Selected media preview"]')).toBeNull();
  });

  it('refuses a file over 50 MB and previews one of exactly 50 MB', () => {
    chooseFile(fileOf('final.mp4', 'video/mp4', POST_MEDIA_MAX_BYTES + 1));
    expect(toast.error).toHaveBeenCalledWith('File too large', 'Please select a file smaller than 50MB.');
    expect(view.host().querySelector('video')).toBeNull();

    toast.error.mockClear();
    chooseFile(fileOf('podium.png', 'image/png', POST_MEDIA_MAX_BYTES));
    expect(toast.error).not.toHaveBeenCalled();
    expect(view.host().querySelector('img[alt="Selected media preview"]')).not.toBeNull();
    expect(view.host().textContent).toContain('podium.png');
    act(() => button('Remove media').click());
    expect(view.host().querySelector('img[alt="Selected media preview"]')).toBeNull();
  });

  it('is closed to a banned user, with the ban note instead', async () => {
    act(() => useBanStore.setState({ until: BAN_END }));
    const note = document.getElementById(content().getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe(banNotice(BAN_END));
    expect(content().matches(':disabled')).toBe(true);
    expect(button('Photo/Video').matches(':disabled')).toBe(true);

    // Even with text in the box (a draft from before the ban), nothing is sent.
    type(content(), 'Still here');
    expect(button('Post').matches(':disabled')).toBe(true);
    await settle(() => view.host().querySelector('form')!.requestSubmit());
    expect(publish).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in', () => {
    view.render(<Composer user={null} weapon="epee" />);
    expect(view.host().textContent).toBe('Please log in to start creating posts');
    expect(view.host().querySelector('form')).toBeNull();
  });
});
