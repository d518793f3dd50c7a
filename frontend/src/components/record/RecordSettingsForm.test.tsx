import type { RecordSettings } from '@piste/contracts';
import * as recordApi from '../../api/record';
import { useRecordSettingsStore } from '../../stores/record-settings';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { RecordSettingsForm } from './RecordSettingsForm';

jest.mock('../../api/record');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

const api = jest.mocked(recordApi);

const SAVED: RecordSettings = {
  ratings: [{ weapon: 'foil', system: 'FIE', value: '212' }],
  recordVisibility: 'connections',
};

beforeEach(() => {
  jest.resetAllMocks();
  useRecordSettingsStore.getState().reset();
  // Answers on the next turn, as over the network: the settle below takes it in.
  api.fetchRecordSettings.mockImplementation(
    () => new Promise((resolve) => setTimeout(() => resolve(SAVED), 0)),
  );
});
const view = mountEach(() => <RecordSettingsForm userId="u-ana" weapon="epee" />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

const rows = () => [...host().querySelectorAll('[data-testid=rating-row]')];
const field = <E extends Element>(id: string) => host().querySelector<E>(`#${id}`)!;
const button = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name)!;
const submit = () => settle(() => host().querySelector('form')!.requestSubmit());

describe('the profile’s Ratings and record', () => {
  it('shows the saved ratings and who sees them; adds a rating and saves the whole list', async () => {
    expect(rows()).toHaveLength(1);
    expect(field<HTMLSelectElement>('rating-0-weapon').value).toBe('foil');
    expect(field<HTMLInputElement>('rating-0-value').value).toBe('212');
    expect(field<HTMLSelectElement>('record-visibility').value).toBe('connections');
    expect(rows()[0].textContent).toContain('Shown beside your name');

    // A new row starts on the fencer's weapon, in the first system.
    await settle(() => button('Add a rating').click());
    expect(field<HTMLSelectElement>('rating-1-weapon').value).toBe('epee');
    expect(field<HTMLSelectElement>('rating-1-system').value).toBe('USAF');
    typeInto(field('rating-1-value'), 'b24');
    typeInto(field('record-visibility'), 'everyone');
    api.saveRecordSettings.mockImplementation((settings) => Promise.resolve(settings));
    await submit();
    expect(api.saveRecordSettings).toHaveBeenCalledWith({
      ratings: [
        { weapon: 'foil', system: 'FIE', value: '212' },
        { weapon: 'epee', system: 'USAF', value: 'B24' },
      ],
      recordVisibility: 'everyone',
    });
    expect(field<HTMLInputElement>('rating-1-value').value).toBe('B24');
  });

  it('checks each rating by its system, and one rating per weapon and system', async () => {
    await settle(() => button('Add a rating').click());
    typeInto(field('rating-1-value'), 'B2024');
    await submit();
    expect(field('rating-1-value-error').textContent).toBe(
      'A USAF rating is a letter A to E with a two-digit year (B24), or U',
    );
    typeInto(field('rating-1-weapon'), 'foil');
    typeInto(field('rating-1-system'), 'FIE');
    typeInto(field('rating-1-value'), '12');
    await submit();
    expect(field('record-ratings-error').textContent).toBe('One rating per weapon and system');
    expect(api.saveRecordSettings).not.toHaveBeenCalled();

    await settle(() => host().querySelector<HTMLButtonElement>('[aria-label="Remove rating 2"]')!.click());
    expect(rows()).toHaveLength(1);
  });

  it('stops adding at eight ratings', async () => {
    for (let i = 1; i < 8; i++) await settle(() => button('Add a rating').click());
    expect(rows()).toHaveLength(8);
    expect(button('Add a rating').disabled).toBe(true);
    expect(host().textContent).toContain('8 of 8');
  });
});
