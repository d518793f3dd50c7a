import { latestRequest } from './latest-request';

describe('latestRequest', () => {
  it('lets only the newest call land: a call started later drops every earlier one', () => {
    const latest = latestRequest();
    const first = latest.start();
    const firstAlone = first();
    const second = latest.start();
    expect([firstAlone, first(), second()]).toEqual([true, false, true]);
  });

  it('lets a joining call (Load More) land beside the newest, and drops it with the next start', () => {
    const latest = latestRequest();
    const firstPage = latest.start();
    const nextPage = latest.join();
    expect([firstPage(), nextPage()]).toEqual([true, true]);
    const again = latest.start();
    expect([nextPage(), again()]).toEqual([false, true]);
  });

  it('drops every call in flight, and starts afresh after', () => {
    const latest = latestRequest();
    const started = latest.start();
    const joined = latest.join();
    latest.drop();
    expect([started(), joined(), latest.start()()]).toEqual([false, false, true]);
  });

  it('keeps each helper to itself', () => {
    const feed = latestRequest();
    const search = latestRequest();
    const page = feed.start();
    search.start();
    search.drop();
    expect(page()).toBe(true);
  });
});
