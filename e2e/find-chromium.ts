import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Which Chromium: its headless shell (the same Blink and V8 without the desktop browser around
 * them, about a quarter less CPU a page visit), which the browser tests drive, or the full browser
 * a visitor has, which the benches and the tests of the desktop browser's own heuristics drive.
 */
export type ChromiumKind = "headless-shell" | "full";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

const installedFull = () => FULL.find((p) => existsSync(p));

/**
 * The system Chromium of that kind: CHROME_PATH, else a known path, else (as root with apt-get)
 * Debian's package. The headless shell falls back to the full browser; being only cheaper, it is
 * not worth refreshing the package lists for when a full browser is already there. Never a browser
 * download of a test tool's own.
 */
export function findChromium(kind: ChromiumKind = "full"): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  if (kind === "headless-shell") {
    if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
    if (aptInstall("chromium-headless-shell", { refreshLists: installedFull() === undefined }) && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  }
  const found = installedFull() ?? (aptInstall("chromium", { refreshLists: true }) ? installedFull() : undefined);
  if (found) return found;
  throw new Error(
    "The browser tests need Chromium and none was found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`, " +
      "macOS: install Google Chrome) or point CHROME_PATH at a Chromium or Chrome binary, then run the tests again.",
  );
}

/**
 * Installs one Debian package when running as root with apt-get (false otherwise); with
 * `refreshLists`, a failed install is tried again after `apt-get update`.
 */
function aptInstall(name: string, { refreshLists }: { refreshLists: boolean }): boolean {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || spawnSync("which", ["apt-get"]).status !== 0) return false;
  console.log(`Installing Debian's ${name} package (apt-get install -y ${name}) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", name], { stdio: "inherit", env }).status === 0;
  if (install()) return true;
  return refreshLists && spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && install();
}
