/**
 * One call made for the callers of one moment: the keys asked for until the event loop's next
 * turn (the requests a group commit answered together, say) go to `run` together, which answers a
 * value for each, in their order; each caller gets its own value, or the call's error. At most
 * `max` keys go in one call; more start the next at once.
 */
export function coalesced<K, V>(run: (keys: K[]) => Promise<V[]>, max = 200): (key: K) => Promise<V> {
  let waiting: { key: K; resolve: (value: V) => void; reject: (err: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    run(batch.map((call) => call.key)).then(
      (values) => {
        batch.forEach((call, i) => {
          if (i < values.length) call.resolve(values[i] as V);
          else call.reject(new Error(`no value for the call ${i + 1} of ${batch.length}`));
        });
      },
      (err: unknown) => {
        for (const call of batch) call.reject(err);
      },
    );
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
      if (waiting.length >= max) flush();
    });
}
