import { CountsCoalescer } from './counts-coalescer';

/** What reached the screen, in order: the value each send carried. */
function screen() {
  const sent: number[] = [];
  const send = (value: number) => () => {
    sent.push(value);
    return Promise.resolve();
  };
  return { sent, send };
}

describe('CountsCoalescer', () => {
  // On a whole second of the clock, as intervals end on whole intervals.
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('sends the first change at once and folds a burst into one send at the end of the interval', async () => {
    const coalescer = new CountsCoalescer(1000);
    const { sent, send } = screen();
    for (let likes = 1; likes <= 50; likes++) await coalescer.offer('post', send(likes), send(likes));
    expect(sent).toEqual([1]);

    await jest.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([1]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([1, 50]);

    // The send at the end opened another interval, which ends with nothing to send.
    await jest.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([1, 50]);
    expect(coalescer.size).toBe(0);
  });

  it('sends at most once per interval while changes keep coming, the last one offered each time', async () => {
    const coalescer = new CountsCoalescer(1000);
    const { sent, send } = screen();
    // A change every 100 ms for 10 s.
    for (let change = 1; change <= 100; change++) {
      await coalescer.offer('post', send(change), send(change));
      await jest.advanceTimersByTimeAsync(100);
    }
    await jest.advanceTimersByTimeAsync(2000);
    expect(sent.length).toBeLessThanOrEqual(11);
    expect(sent[0]).toBe(1);
    expect(sent.at(-1)).toBe(100);
  });

  it('ends intervals on the whole intervals of the clock, the first one cut short', async () => {
    const coalescer = new CountsCoalescer(1000);
    const sent: string[] = [];
    const send = (what: string) => () => Promise.resolve(void sent.push(what));
    await jest.advanceTimersByTimeAsync(300);
    await coalescer.offer('early', send('early1'), send('early1'));
    await coalescer.offer('early', send('early2'), send('early2'));
    await jest.advanceTimersByTimeAsync(600);
    await coalescer.offer('late', send('late1'), send('late1'));
    await coalescer.offer('late', send('late2'), send('late2'));
    await jest.advanceTimersByTimeAsync(99);
    expect(sent).toEqual(['early1', 'late1']);
    // Both intervals end together on the whole second; the next ones last a whole interval.
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['early1', 'late1', 'early2', 'late2']);
    await coalescer.offer('early', send('early3'), send('early3'));
    await jest.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe('early3');
  });

  it('keeps keys apart', async () => {
    const coalescer = new CountsCoalescer(1000);
    const sent: string[] = [];
    const send = (what: string) => () => Promise.resolve(void sent.push(what));
    await coalescer.offer('a', send('a1'), send('a1'));
    await coalescer.offer('b', send('b1'), send('b1'));
    await coalescer.offer('a', send('a2'), send('a2'));
    expect(sent).toEqual(['a1', 'b1']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['a1', 'b1', 'a2']);
  });

  it('never lets a send overtake the one before it', async () => {
    const coalescer = new CountsCoalescer(1000);
    const sent: string[] = [];
    let finishFirst = () => {};
    const slowFirst = () =>
      new Promise<void>((resolve) => {
        finishFirst = () => {
          sent.push('first');
          resolve();
        };
      });
    void coalescer.offer('post', slowFirst, slowFirst);
    await coalescer.offer(
      'post',
      () => Promise.resolve(),
      () => Promise.resolve(void sent.push('second')),
    );
    await jest.advanceTimersByTimeAsync(3000);
    expect(sent).toEqual([]);
    finishFirst();
    await jest.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['first', 'second']);
  });

  it('sends every change at once with an interval of 0', async () => {
    const coalescer = new CountsCoalescer(0);
    const { sent, send } = screen();
    for (let likes = 1; likes <= 5; likes++) await coalescer.offer('post', send(likes), send(-likes));
    expect(sent).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops what is pending when cleared', async () => {
    const coalescer = new CountsCoalescer(1000);
    const { sent, send } = screen();
    await coalescer.offer('post', send(1), send(1));
    await coalescer.offer('post', send(2), send(2));
    coalescer.clear();
    await jest.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([1]);
  });
});
