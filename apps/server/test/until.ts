/**
 * Waits for something another process, a queue or a timer makes true, by asking again every
 * `everyMs` until `check` answers a value (anything but undefined or false), which it returns;
 * fails naming `what` after `timeoutMs`. Polled, because what is awaited (a row, a span received,
 * HAProxy's view of a server) sends no event this test could listen for. With `retryOnError`, a
 * check that throws (a process still starting) counts as not yet.
 */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 30_000, everyMs = 50, retryOnError = false }: { timeoutMs?: number; everyMs?: number; retryOnError?: boolean } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch((err: unknown) => {
        if (retryOnError) return undefined;
        throw err;
      });
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
