import i18next from 'i18next';
import { act } from 'react';
import { banNotice, useBanStore } from '../../stores/ban';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { MessageComposer } from './MessageComposer';

const BAN_END = '2099-11-23T10:00:00.000Z';

const onSend = jest.fn();
const onTyping = jest.fn();
const onStopTyping = jest.fn();

const composer = (threadKey = 'conversation-1') => (
  <MessageComposer threadKey={threadKey} onSend={onSend} onTyping={onTyping} onStopTyping={onStopTyping} />
);

beforeEach(() => {
  jest.clearAllMocks();
  useBanStore.setState({ until: null, reason: null });
});
const view = mountEach(() => composer());
const render = (threadKey: string) => view.render(composer(threadKey));

/** The text box its "Message" label names. */
function input() {
  const label = [...view.host().querySelectorAll('label')].find((l) => l.textContent === 'Message');
  return label!.control as HTMLTextAreaElement;
}

const send = () => view.host().querySelector<HTMLButtonElement>('button[aria-label="Send message"]')!;

const type = (text: string) => typeInto(input(), text);

/** Presses a key in the box; false when the composer kept the browser from acting on it. */
async function press(key: string, shiftKey = false) {
  let allowed = true;
  await settle(() => {
    allowed = input().dispatchEvent(
      new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
    );
  });
  return allowed;
}

describe('MessageComposer', () => {
  it('sends the draft with Enter and empties the box', async () => {
    expect(input().placeholder).toBe('Type a message...');
    type('En garde');
    expect(await press('Enter')).toBe(false);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('En garde');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
  });

  it('leaves Shift+Enter to the browser, which adds a newline, and sends nothing', async () => {
    type('First line');
    expect(await press('Enter', true)).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    type('First line\nSecond line');
    await press('Enter');
    expect(onSend).toHaveBeenCalledWith('First line\nSecond line');
  });

  it('sends nothing for an empty or whitespace-only draft', async () => {
    await press('Enter');
    type('   \n\t ');
    await press('Enter');
    expect(onSend).not.toHaveBeenCalled();
    expect(input().value).toBe('   \n\t ');
  });

  it('enables Send only while the draft has text, and sends with it too', async () => {
    expect(send().disabled).toBe(true);
    type('   ');
    expect(send().disabled).toBe(true);
    type('Bout at six?');
    expect(send().disabled).toBe(false);
    await settle(() => send().click());
    expect(onSend).toHaveBeenCalledWith('Bout at six?');
    expect(send().disabled).toBe(true);
  });

  it('says when typing starts and stops', () => {
    type('Al');
    expect(onTyping).toHaveBeenCalled();
    type('');
    expect(onStopTyping).toHaveBeenCalledTimes(1);
    act(() => {
      input().dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(onStopTyping).toHaveBeenCalledTimes(2);
  });

  it('keeps a draft per conversation', () => {
    type('For the first');
    render('conversation-2');
    expect(input().value).toBe('');
    render('conversation-1');
    expect(input().value).toBe('For the first');
  });

  it('keeps what was typed in another conversation out of the one sent', async () => {
    type('For the first');
    render('conversation-2');
    type('For the second');
    await press('Enter');
    expect(onSend).toHaveBeenCalledWith('For the second');
    render('conversation-1');
    await press('Enter');
    expect(onSend).toHaveBeenLastCalledWith('For the first');
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when a whitespace-only draft reaches the form by another way', async () => {
    type('  \n ');
    await settle(() => view.host().querySelector('form')!.requestSubmit());
    expect(onSend).not.toHaveBeenCalled();
  });

  it('is closed to a banned user, with the ban note instead', async () => {
    type('Written before the ban');
    act(() => useBanStore.setState({ until: BAN_END }));
    expect(input().disabled).toBe(true);
    expect(document.getElementById(input().getAttribute('aria-describedby')!)?.textContent).toBe(
      banNotice(BAN_END),
    );
    expect(send().disabled).toBe(true);
    await press('Enter');
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('the message box in French', () => {
  beforeEach(() => settle(() => void i18next.changeLanguage('fr')));
  afterEach(() => settle(() => void i18next.changeLanguage('en')));

  it('asks for a message and names its Send button in French', () => {
    const box = view.host().querySelector('textarea');
    expect(box?.placeholder).toBe('Écrivez un message…');
    expect(view.host().querySelector('button[aria-label="Envoyer le message"]')).not.toBeNull();
  });

  it('says until when a ban closes it, in French', async () => {
    await settle(() => useBanStore.setState({ until: BAN_END, reason: null }));
    expect(view.host().textContent).toContain(banNotice(BAN_END));
    expect(banNotice(BAN_END)).toMatch(/^Vous ne pouvez plus publier jusqu’au /);
  });
});
