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

/** What one call of a run came to: its value, or the error answered to it alone. */
export type Outcome<V> = { value: V } | { error: unknown };

/**
 * Calls of one moment made together by `run` (as `coalesced`), at most one call of a key in a run:
 * a second call with the same key goes to the next run, after the first's has ended (one learner's
 * two writes of a moment, one after the other). `run` answers each call its own outcome; when `run`
 * fails as a whole (its transaction rolled back), each of its calls is made again alone, so one
 * call's failure is answered to it alone.
 */
export function coalescedApart<C, V>(run: (calls: C[]) => Promise<Outcome<V>[]>, keyOf: (call: C) => string, max = 100): (call: C) => Promise<V> {
  const alone = (call: C): Promise<Outcome<V>> =>
    run([call]).then(
      (outcomes) => outcomes[0] ?? { error: new Error("no outcome for the call") },
      (error: unknown) => ({ error }),
    );
  const together: (call: C) => Promise<Outcome<V>> = coalesced(async (calls: C[]) => {
    const keys = new Set<string>();
    const now: number[] = [];
    const later: number[] = [];
    for (const [i, call] of calls.entries()) {
      const key = keyOf(call);
      if (keys.has(key)) later.push(i);
      else {
        keys.add(key);
        now.push(i);
      }
    }
    const first = now.map((i) => calls[i] as C);
    let outcomes: Outcome<V>[];
    try {
      outcomes = await run(first);
    } catch (error) {
      outcomes = first.length === 1 ? [{ error }] : await Promise.all(first.map(alone));
    }
    const all: Outcome<V>[] = new Array(calls.length);
    for (const [k, i] of now.entries()) all[i] = outcomes[k] ?? { error: new Error("no outcome for the call") };
    await Promise.all(
      later.map(async (i) => {
        all[i] = await together(calls[i] as C);
      }),
    );
    return all;
  }, max);
  return async (call) => {
    const outcome = await together(call);
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  };
}
