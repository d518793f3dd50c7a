import type { BoutTotals } from '@piste/contracts';
import i18next from 'i18next';
import { mountEach, settle } from '../../test-support/mounted';
import { TotalsTable } from './TotalsTable';

const totals: BoutTotals[] = [
  { weapon: 'foil', bouts: 12, wins: 5, losses: 7, touchesFor: 41, touchesAgainst: 43, indicator: -2 },
];

const view = mountEach(() => <TotalsTable totals={totals} caption="Totals" />);
const headings = () => [...view.host().querySelectorAll('thead th')].map((th) => th.textContent);
const fullNames = () =>
  [...view.host().querySelectorAll('thead abbr')].map((abbr) => abbr.getAttribute('title'));
const row = () => [...view.host().querySelectorAll('tbody tr > *')].map((cell) => cell.textContent);

describe('the totals of a record', () => {
  it('heads the columns as a pool sheet does, with the indicator signed', () => {
    expect(headings()).toEqual(['Weapon', 'Bouts', 'V', 'D', 'TS', 'TR', 'Ind']);
    expect(fullNames()).toContain('Touches scored');
    expect(row()).toEqual(['Foil', '12', '5', '7', '41', '43', '−2']);
  });

  describe('in French', () => {
    beforeEach(() => settle(() => void i18next.changeLanguage('fr')));
    afterEach(() => settle(() => void i18next.changeLanguage('en')));

    it('heads them as a French pool sheet does and names the weapon in French', () => {
      expect(headings()).toEqual(['Arme', 'Assauts', 'V', 'D', 'TD', 'TR', 'Ind']);
      expect(fullNames()).toContain('Touches données');
      expect(row()).toEqual(['Fleuret', '12', '5', '7', '41', '43', '−2']);
    });
  });
});
