import { spawnSync } from "node:child_process";

/** The command's path on PATH, or undefined. */
function onPath(command: string): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  const where = found.stdout.trim();
  return found.status === 0 && where ? where : undefined;
}

/**
 * A system tool a test runs (haproxy, promtool, systemd-analyze): found on PATH, else installed as
 * root with apt-get from Debian's package of that name (as e2e/find-chromium.ts does for Chromium),
 * else an error that says how to install it. Never a download of a test tool's own.
 */
export function ensureDebianTool(command: string, debianPackage: string): string {
  if (!/^[a-z0-9][a-z0-9.+-]*$/.test(command) || !/^[a-z0-9][a-z0-9.+-]*$/.test(debianPackage)) {
    throw new Error(`"${command}" / "${debianPackage}" is not a plain command and package name.`);
  }
  const present = onPath(command);
  if (present) return present;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && onPath("apt-get")) {
    console.log(`No ${command} found: installing Debian's ${debianPackage} package (apt-get install -y ${debianPackage}) …`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    if (update.status === 0) spawnSync("apt-get", ["install", "-y", "--no-install-recommends", debianPackage], { stdio: "inherit", env });
    const installed = onPath(command);
    if (installed) return installed;
  }
  throw new Error(
    `These tests need ${command} and none was found. Install it (Debian/Ubuntu: \`sudo apt-get install -y ${debianPackage}\`) ` +
      "and run the tests again; as root with apt-get, the tests install it themselves.",
  );
}
