/**
 * `work`'s outcome, or — once `ms` have passed without one — what `late` gives (a fallback value, another try, or a
 * thrown error). The timer never outlives the race and never keeps the process alive on its own.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, late: () => T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      Promise.resolve().then(late).then(resolve, reject);
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
