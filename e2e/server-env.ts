import path from "node:path";

/**
 * The environment of every production server the browser tests start (the shared one and the
 * isolated ones): a test build on its own SQLite file. The journeys fill forms faster than a
 * person would, so the form guard is off (form-guard.e2e.ts turns it on for its own server).
 */
export function e2eServerEnv(dataDir: string, url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
    FORM_GUARD: "off",
    LOG_LEVEL: "warn",
    ...extra,
  };
}
