import { latestRequest } from './latest-request';

describe('latestRequest', () => {
  it('lets only the newest call land: a call started later drops every earlier one', () => {
    const latest = latestRequest();
    const first = latest.start();
    expect(first()).toBe(true);
    const second = latest.start();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  it('lets a joining call (Load More) land beside the newest, and drops it with the next start', () => {
    const latest = latestRequest();
    const firstPage = latest.start();
    const nextPage = latest.join();
    expect(firstPage()).toBe(true);
    expect(nextPage()).toBe(true);
    const again = latest.start();
    expect(nextPage()).toBe(false);
    expect(again()).toBe(true);
  });

  it('drops every call in flight, and starts afresh after', () => {
    const latest = latestRequest();
    const started = latest.start();
    const joined = latest.join();
    latest.drop();
    expect(started()).toBe(false);
    expect(joined()).toBe(false);
    expect(latest.start()()).toBe(true);
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
