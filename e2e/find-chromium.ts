import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/**
 * The system Chromium the browser tests drive: CHROME_PATH, else a known path, else (as root with
 * apt-get) Debian's chromium package. Never a browser download of a test tool's own.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && spawnSync("which", ["apt-get"]).status === 0) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium) …");
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit" });
    const install =
      update.status === 0 &&
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }).status === 0;
    const after = CANDIDATES.find((p) => existsSync(p));
    if (install && after) return after;
  }
  throw new Error(
    "The browser tests need Chromium and none was found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`, " +
      "macOS: install Google Chrome) or point CHROME_PATH at a Chromium or Chrome binary, then run the tests again.",
  );
}
