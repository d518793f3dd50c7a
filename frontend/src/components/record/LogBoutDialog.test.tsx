import type { Bout, Fencer } from '@piste/contracts';
import { act } from 'react';
import * as recordApi from '../../api/record';
import * as socialApi from '../../api/social';
import { useFencerRecordStore } from '../../stores/fencer-record';
import { useUserSuggestionsStore } from '../../stores/user-suggestions';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { SUGGEST_DELAY_MS } from '../MentionTextarea';
import { localToday } from './record-format';
import { LogBoutForm } from './LogBoutDialog';

jest.mock('../../api/record');
jest.mock('../../api/social');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

const api = jest.mocked(recordApi);
const social = jest.mocked(socialApi);

const BEN: Fencer = {
  id: '3f1c2a8e-4b7d-4e11-9a55-0c2d3e4f5a6b',
  username: 'ben',
  name: 'Ben Duval',
  avatar: null,
  title: null,
  weaponSpecialty: 'epee',
  role: 'adult',
  rating: 'B24',
};

const logged = { id: 'b1', status: 'recorded' } as Bout;
const onClose = jest.fn();

beforeEach(() => {
  jest.resetAllMocks();
  useFencerRecordStore.getState().reset();
  useUserSuggestionsStore.getState().reset();
  api.logBout.mockResolvedValue(logged);
});
const view = mountEach(() => <LogBoutForm opponent={null} defaultWeapon="epee" onClose={onClose} />);
const host = () => view.host();

const input = (id: string) => host().querySelector<HTMLInputElement>(`#${id}`)!;
const select = (id: string) => host().querySelector<HTMLSelectElement>(`#${id}`)!;
const submit = () => settle(() => host().querySelector('form')!.requestSubmit());
const errorOf = (id: string) => host().querySelector(`#${id}-error`)?.textContent;

function score(mine: string, theirs: string) {
  typeInto(input('bout-score-for'), mine);
  typeInto(input('bout-score-against'), theirs);
}

describe('the Log a bout form', () => {
  it('holds the touches to the kind’s limit, as the server does', async () => {
    typeInto(input('bout-opponent'), 'Marc at the club');
    score('6', '2');
    expect(host().textContent).toContain('A pool bout goes to 5 touches at most.');
    await submit();
    expect(errorOf('bout-score-for')).toBe('A pool bout goes to 5 touches at most');
    expect(api.logBout).not.toHaveBeenCalled();

    typeInto(select('bout-kind'), 'de');
    expect(host().textContent).toContain('A direct elimination bout goes to 15 touches at most.');
    await submit();
    expect(api.logBout).toHaveBeenCalledWith({
      weapon: 'epee',
      kind: 'de',
      opponentId: null,
      opponentName: 'Marc at the club',
      scoreFor: 6,
      scoreAgainst: 2,
      won: true,
      date: localToday(),
      notes: null,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('takes who won from the score, and asks only when it is tied', async () => {
    typeInto(input('bout-opponent'), 'Marc');
    score('2', '5');
    expect(host().querySelector('[data-testid=bout-result]')?.textContent).toBe(' You lost it.');
    expect(host().querySelector('fieldset')).toBeNull();

    score('4', '4');
    expect(host().querySelector('fieldset legend')?.textContent).toBe(
      'The score is tied: who won on priority?',
    );
    await submit();
    expect(errorOf('bout-won')).toBe('Say whether you won');
    expect(api.logBout).not.toHaveBeenCalled();

    const theyWon = [...host().querySelectorAll('label')].find((label) => label.textContent === 'They won')!;
    await settle(() => theyWon.querySelector('input')!.click());
    await submit();
    expect(api.logBout).toHaveBeenCalledWith(
      expect.objectContaining({ scoreFor: 4, scoreAgainst: 4, won: false }),
    );
  });

  it('asks for an opponent and for both scores', async () => {
    await submit();
    expect(errorOf('bout-score-for')).toBe('Touches are a whole number');
    score('5', '3');
    await submit();
    expect(errorOf('bout-opponent')).toBe('Choose the opponent: a fencer on Piste or a name');
    expect(api.logBout).not.toHaveBeenCalled();
  });

  it('picks a fencer on Piste from the suggestions, connections first', async () => {
    social.suggestUsers.mockResolvedValue([{ ...BEN, connected: true }]);
    const box = input('bout-opponent');
    await settle(() => box.focus());
    typeInto(box, 'be');
    await act(() => new Promise((resolve) => setTimeout(resolve, SUGGEST_DELAY_MS + 20)));
    expect(social.suggestUsers).toHaveBeenLastCalledWith('be');
    const option = host().querySelector<HTMLElement>('[role=option]')!;
    expect(option.textContent).toContain('Ben Duval');
    await settle(() => option.click());
    expect(host().querySelector('[data-testid=picked-opponent]')?.textContent).toContain('Ben Duval');

    score('5', '3');
    await submit();
    expect(api.logBout).toHaveBeenCalledWith(
      expect.objectContaining({ opponentId: BEN.id, opponentName: null, won: true }),
    );
  });
});

describe('the Log a bout form on another fencer’s page', () => {
  beforeEach(() => {
    view.render(<LogBoutForm key="ben" opponent={BEN} defaultWeapon="sabre" onClose={onClose} />);
  });

  it('starts with that fencer as the opponent, who can be changed for a name', async () => {
    const picked = host().querySelector('[data-testid=picked-opponent]')!;
    expect(picked.textContent).toContain('Ben Duval');
    expect(picked.textContent).toContain('B24');
    score('5', '1');
    await submit();
    expect(api.logBout).toHaveBeenLastCalledWith(
      expect.objectContaining({ weapon: 'sabre', opponentId: BEN.id, opponentName: null }),
    );

    await settle(() => host().querySelector<HTMLButtonElement>('#bout-opponent')!.click());
    expect(document.activeElement).toBe(input('bout-opponent'));
    typeInto(input('bout-opponent'), 'Marc at the club');
    await submit();
    expect(api.logBout).toHaveBeenLastCalledWith(
      expect.objectContaining({ opponentId: null, opponentName: 'Marc at the club' }),
    );
  });
});
