/**
 * Reading a server's `/metrics` as Prometheus does, for the tests and the tools that start the
 * server as a process (the resilience suite, the bench): one scrape with the server's bearer token,
 * and the value of one series in the text it answers.
 */

/** The text exposition the server at `base` answers its scraper (throws on any other answer). */
export async function scrapeMetrics(base: string, token: string): Promise<string> {
  const answer = await fetch(new URL("/metrics", base), { headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" } });
  if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
  return answer.text();
}

/**
 * The value of the series `name{labels…}` in a text exposition: exactly these labels, none more
 * (no labels: the series without any). Undefined when the text has no such series.
 */
export function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split("\n").find((l) => {
    if (wanted.length === 0) return l.startsWith(`${name} `);
    if (!l.startsWith(`${name}{`)) return false;
    const labelText = l.slice(name.length + 1, l.indexOf("}"));
    return labelText.split(",").length === wanted.length && wanted.every((w) => labelText.includes(w));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}
