/**
 * `npm run bench:wave`: one public form's writes as a sustained wave, as on launch day when a list
 * starts empty and grows by thousands a second for minutes. The write section's rounds last two
 * seconds each, too short to show a cost that grows with the wave; here the production server takes
 * WAVE_SLICES slices (9) of WAVE_SECONDS each (10) back to back over WRITE_CONNECTIONS (50)
 * connections, unique inputs, and prints each slice's successful writes/s, p50 and p99. The write ceiling (bench/write-ceiling.ts, its own
 * process and database) takes one slice before the wave and one after it (the server stopped, so its
 * jobs no longer run): if its rate moved as much as the server's, the machine changed, not the code.
 *
 * WAVE_WRITE=<part of a name> picks one of the public forms' writes (POST /presale by default);
 * WAVE_DIALECT=sqlite runs on SQLite (PostgreSQL by default).
 */
import { type PostRequest, postWrites, serverBesideWriteCeiling, WRITE_CONNECTIONS, writeCeilingRows } from "./measure.ts";
import { formWriteNamed } from "./write-inputs.ts";

const DIALECT = process.env.WAVE_DIALECT === "sqlite" ? "sqlite" : "postgres";
const SLICES = Number(process.env.WAVE_SLICES ?? 9);
const SECONDS = Number(process.env.WAVE_SECONDS ?? 10);

const write = formWriteNamed(process.env.WAVE_WRITE ?? "POST /presale", "WAVE_WRITE");

type Slice = { rate: number; p50: number; p99: number; failed: number };

async function slice(base: string, next: () => PostRequest): Promise<Slice> {
  const result = await postWrites(base, next, { duration: SECONDS });
  return {
    rate: result["2xx"] / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

const show = (label: string, s: Slice) =>
  `  ${label.padEnd(22)} ${Math.round(s.rate).toString().padStart(6)} writes/s  p50 ${String(s.p50).padStart(4)} ms  p99 ${String(s.p99).padStart(5)} ms  failed ${s.failed}`;

const ceilingNext = writeCeilingRows("wave");

const { server, ceiling, stop } = await serverBesideWriteCeiling(DIALECT, "wave");
try {
  console.log(`${DIALECT}: ${write.name} as a wave, ${SLICES} slices of ${SECONDS} s back to back, ${WRITE_CONNECTIONS} connections`);
  console.log(show("the ceiling, before", await slice(ceiling.url, ceilingNext)));
  const slices: Slice[] = [];
  for (let i = 1; i <= SLICES; i++) {
    const s = await slice(server.url, () => write.next() ?? { path: "/__bench/spent" });
    slices.push(s);
    console.log(show(`${(i - 1) * SECONDS}–${i * SECONDS} s`, s));
  }
  // The server's jobs (the confirmation e-mails) run on after the wave and would slow the
  // ceiling's slice: the server stops first.
  await server.stop();
  console.log(show("the ceiling, after", await slice(ceiling.url, ceilingNext)));
  const first = slices[0];
  const last = slices.at(-1);
  if (first && last) console.log(`  the last slice at ${((last.rate / first.rate) * 100).toFixed(0)} % of the first's rate`);
} finally {
  await stop();
}
