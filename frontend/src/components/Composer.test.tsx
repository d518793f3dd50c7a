import { POST_MEDIA_MAX_BYTES, type FeedPost, type UserSuggestion } from '@piste/contracts';
import i18next from 'i18next';
import { act } from 'react';
import { draftKey, forgetDrafts } from '../lib/drafts';
import { notify } from '../lib/toast';
import { banNotice, useBanStore } from '../stores/ban';
import { useFeedStore, type NewPost } from '../stores/feed';
import { useUserSuggestionsStore } from '../stores/user-suggestions';
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

const SUGGESTIONS: UserSuggestion[] = [
  {
    id: 'u1',
    username: 'benoit',
    name: 'Benoît',
    avatar: null,
    title: null,
    weaponSpecialty: 'epee',
    role: 'student',
    connected: true,
  },
  {
    id: 'u2',
    username: 'bella',
    name: 'Bella',
    avatar: null,
    title: null,
    weaponSpecialty: null,
    role: 'coach',
    connected: false,
  },
];
const suggest = jest.fn((_query: string) => Promise.resolve(SUGGESTIONS));

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  publish.mockResolvedValue(PUBLISHED);
  useFeedStore.setState({ publish });
  useBanStore.setState({ until: null, reason: null });
  useUserSuggestionsStore.setState({ suggest, byQuery: {} });
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
      visibility: 'public',
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

  it('says the rule of a blank post in French when the interface is in French', async () => {
    await settle(() => void i18next.changeLanguage('fr'));
    try {
      // The labels are French now: the content is the form's one text area.
      type(view.host().querySelector('textarea')!, '   ');
      await settle(() => view.host().querySelector('form')!.requestSubmit());
      expect(toast.error).toHaveBeenCalledWith(
        'Contenu requis',
        'Veuillez écrire quelque chose dans votre publication.',
      );
      expect(publish).not.toHaveBeenCalled();
    } finally {
      await settle(() => void i18next.changeLanguage('en'));
    }
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

  describe('who sees the post', () => {
    const visibility = () => view.host().querySelector<HTMLSelectElement>('#post-visibility')!;

    it('is public by default and sends the author’s choice', async () => {
      expect(visibility().value).toBe('public');
      typeInto(visibility(), 'connections');
      type(content(), 'Club only');
      expect(await posted()).toMatchObject({ visibility: 'connections' });
    });

    it('defaults to connections only for a youth fencer', () => {
      view.render(<Composer user={{ ...me, role: 'youth' }} weapon="epee" />);
      expect(visibility().value).toBe('connections');
    });
  });

  describe('image description', () => {
    const nudge = 'Add a description so everyone can enjoy your image.';

    it('asks for one with an image only, nudges while it is empty and never blocks posting', async () => {
      expect(labels()).not.toContain('Image description (alt text)');
      chooseFile(fileOf('video.mp4', 'video/mp4', 1000));
      expect(labels()).not.toContain('Image description (alt text)');

      chooseFile(fileOf('podium.png', 'image/png', 1000));
      const alt = field('Image description (alt text)');
      expect(alt.maxLength).toBe(1500);
      const status = document.getElementById(alt.getAttribute('aria-describedby')!)!;
      expect(status.getAttribute('aria-live')).toBe('polite');
      expect(status.textContent).toBe(nudge);

      type(content(), 'Podium!');
      expect(button('Post').disabled).toBe(false);
      expect(await posted()).toMatchObject({ mediaAlt: undefined });
    });

    it('sends the description with the image', async () => {
      chooseFile(fileOf('podium.png', 'image/png', 1000));
      type(field('Image description (alt text)'), '  Three fencers on a podium ');
      expect(view.host().textContent).not.toContain(nudge);
      type(content(), 'Podium!');
      expect(await posted()).toMatchObject({ mediaAlt: 'Three fencers on a podium' });
    });
  });

  describe('drafts', () => {
    const remount = (element = <Composer user={me} weapon="epee" onPosted={onPosted} />) => {
      view.render(null);
      view.render(element);
    };

    it('keeps the unsent post per weapon and user, and brings it back', () => {
      type(content(), 'Half a thought');
      chooseType('Drill');
      type(field('Level'), 'Beginner');
      expect(JSON.parse(localStorage.getItem(draftKey('me', 'epee'))!)).toMatchObject({
        content: 'Half a thought',
        type: 'drill',
        drill: { level: 'Beginner' },
      });

      remount();
      expect(content().value).toBe('Half a thought');
      expect((field('Drill') as HTMLInputElement).checked).toBe(true);
      expect(field('Level').value).toBe('Beginner');

      // Another weapon's composer has its own (none yet); back on Épée the draft is there.
      view.render(<Composer user={me} weapon="foil" onPosted={onPosted} />);
      expect(content().value).toBe('');
      view.render(<Composer user={me} weapon="epee" onPosted={onPosted} />);
      expect(content().value).toBe('Half a thought');

      // Another account on this browser sees nothing of it.
      remount(<Composer user={{ ...me, id: 'other' }} weapon="epee" />);
      expect(content().value).toBe('');
    });

    it('forgets the draft once it is published', async () => {
      type(content(), 'Going out');
      await post();
      expect(localStorage.getItem(draftKey('me', 'epee'))).toBeNull();
      remount();
      expect(content().value).toBe('');
    });

    it('forgets every draft at sign-out', () => {
      type(content(), 'Private thought');
      localStorage.setItem('piste-theme', 'dark');
      forgetDrafts();
      expect(localStorage.getItem(draftKey('me', 'epee'))).toBeNull();
      expect(localStorage.getItem('piste-theme')).toBe('dark');
    });
  });

  describe('mention suggestions', () => {
    const listbox = () => view.host().querySelector('[data-testid=mention-suggestions]');
    const options = () => [...view.host().querySelectorAll('[role=option]')];
    const wait = () => settle(() => undefined).then(() => act(() => new Promise((r) => setTimeout(r, 200))));

    function key(name: string) {
      act(() => {
        content().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
      });
    }

    it('suggests fencers for @ and inserts the pick at the caret', async () => {
      type(content(), 'Great bout with @be');
      await wait();
      expect(suggest).toHaveBeenLastCalledWith('be');
      expect(content().getAttribute('role')).toBe('combobox');
      expect(content().getAttribute('aria-expanded')).toBe('true');
      expect(listbox()?.getAttribute('role')).toBe('listbox');
      // Connections first, as the server orders them, and said so.
      const texts = options().map((o) => o.textContent);
      expect(texts).toEqual([
        expect.stringContaining('Benoît @benoit'),
        expect.stringContaining('Bella @bella'),
      ]);
      expect(texts[0]).toContain('Connection');
      expect(texts[1]).not.toContain('Connection');
      expect(content().getAttribute('aria-activedescendant')).toBe(options()[0].id);

      key('ArrowDown');
      expect(content().getAttribute('aria-activedescendant')).toBe(options()[1].id);
      expect(options()[1].getAttribute('aria-selected')).toBe('true');
      key('Enter');
      expect(content().value).toBe('Great bout with @bella ');
      expect(listbox()).toBeNull();
      expect(content().selectionStart).toBe('Great bout with @bella '.length);
      expect(button('Post').disabled).toBe(false);
    });

    it('closes with Escape and picks with the mouse', async () => {
      type(content(), '@be');
      await wait();
      key('Escape');
      expect(listbox()).toBeNull();

      type(content(), 'Hi @ben');
      await wait();
      act(() => (options()[0] as HTMLElement).click());
      expect(content().value).toBe('Hi @benoit ');
    });

    it('suggests nothing for an email address', async () => {
      type(content(), 'mail me at claire@example');
      await wait();
      expect(suggest).not.toHaveBeenCalled();
      expect(listbox()).toBeNull();
    });
  });
});
