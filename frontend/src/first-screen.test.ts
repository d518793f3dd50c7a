import { feedOfPath } from './first-screen';

describe('the first screen', () => {
  it('knows the feeds by their paths, the default weapon’s at /', () => {
    expect(feedOfPath('/')).toBe('epee');
    expect(feedOfPath('/foil')).toBe('foil');
    expect(feedOfPath('/sabre/')).toBe('sabre');
    expect(feedOfPath('/messages')).toBeNull();
    expect(feedOfPath('/u/foil')).toBeNull();
    expect(feedOfPath('/kendo')).toBeNull();
  });
});
