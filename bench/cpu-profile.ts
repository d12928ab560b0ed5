/**
 * Reads the .cpuprofile a server wrote under `node --cpu-prof` and prints the functions with the
 * most self time. PROFILE_INCLUSIVE=metrics.ts,prom-client also prints the share of the busy samples
 * (idle left out) spent in a file whose path contains one of those parts, or in what it called.
 */
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
  const parts = process.env.PROFILE_INCLUSIVE?.split(",").filter(Boolean);
  if (parts?.length) printInclusive(profile, self, parts);
}

/** The share of the busy samples whose stack holds a frame from a file matching one of `parts`. */
function printInclusive(profile: Profile, self: Map<number, number>, parts: string[]): void {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let busy = 0;
  let inside = 0;
  for (const [id, us] of self) {
    if (byId.get(id)?.callFrame.functionName === "(idle)") continue;
    busy += us;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? "";
      if (parts.some((part) => url.includes(part))) {
        inside += us;
        break;
      }
    }
  }
  console.log(`\nIn ${parts.join(", ")} (inclusive): ${((inside / Math.max(1, busy)) * 100).toFixed(2)} % of ${(busy / 1e6).toFixed(1)} s busy`);
}
