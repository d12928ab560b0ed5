import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];
/** Chromium's headless shell: the same Blink and V8 without the desktop browser around them. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export type ChromiumKind = {
  /**
   * The browser tests take the headless shell when there is one (as root on Debian it is
   * installed): it runs the same pages for about a quarter less CPU a visit than the full browser
   * in headless mode. Measurements (bench) keep the full browser a visitor has.
   */
  headlessShell?: boolean;
};

/**
 * The system Chromium the browser tests and benches drive: CHROME_PATH, else a known path, else
 * (as root with apt-get) Debian's package. Never a browser download of a test tool's own.
 */
export function findChromium({ headlessShell = false }: ChromiumKind = {}): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  if (headlessShell && (existsSync(HEADLESS_SHELL) || (canInstall() && aptInstall("chromium-headless-shell") && existsSync(HEADLESS_SHELL)))) {
    return HEADLESS_SHELL;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  if (canInstall()) {
    const installed = aptInstall("chromium");
    const after = CANDIDATES.find((p) => existsSync(p));
    if (installed && after) return after;
  }
  throw new Error(
    "The browser tests need Chromium and none was found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`, " +
      "macOS: install Google Chrome) or point CHROME_PATH at a Chromium or Chrome binary, then run the tests again.",
  );
}

/** As root, with apt-get: Debian's packages can be installed here. */
function canInstall(): boolean {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return isRoot && spawnSync("which", ["apt-get"]).status === 0;
}

/** Installs one Debian package, updating the package lists first when it is not known yet. */
function aptInstall(name: string): boolean {
  console.log(`Installing Debian's ${name} package for the browser tests (apt-get install -y ${name}) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", name], { stdio: "inherit", env }).status === 0;
  if (install()) return true;
  return spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && install();
}
