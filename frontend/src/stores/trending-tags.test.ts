import * as socialApi from '../api/social';
import { useTrendingTagsStore } from './trending-tags';

jest.mock('../api/social');
const api = jest.mocked(socialApi);
const trending = () => useTrendingTagsStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  trending().reset();
});

describe('trending tags store', () => {
  it("fetches the weapon's tags, drops a reply for a weapon left meanwhile and shrugs off a failure", async () => {
    let answer: (reply: { tags: { tag: string; postsCount: number }[] }) => void = () => undefined;
    api.fetchTrendingTags.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const epee = trending().load('epee');
    api.fetchTrendingTags.mockResolvedValueOnce({ tags: [{ tag: 'flick', postsCount: 4 }] });
    await trending().load('foil');
    answer({ tags: [{ tag: 'counterattack', postsCount: 9 }] });
    await epee;
    expect(api.fetchTrendingTags).toHaveBeenLastCalledWith('foil');
    expect(trending()).toMatchObject({ weapon: 'foil', tags: [{ tag: 'flick', postsCount: 4 }] });

    api.fetchTrendingTags.mockRejectedValueOnce(new Error('offline'));
    await trending().load('foil');
    expect(trending().tags).toEqual([{ tag: 'flick', postsCount: 4 }]);
    api.fetchTrendingTags.mockRejectedValueOnce(new Error('offline'));
    await trending().load('sabre');
    expect(trending()).toMatchObject({ weapon: 'sabre', tags: [] });
  });
});
