/** Reads the .cpuprofile a server wrote under `node --cpu-prof` and prints the functions with the most self time. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

export function printSelfTime(dir: string, root: string, top = 20): void {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile written");
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, "").replace(`${root}/`, "")}:${lineNumber + 1}` : "";
    const key = `${functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log(`\nSelf time, top ${top} of ${(total / 1e6).toFixed(1)} s sampled:`);
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}
