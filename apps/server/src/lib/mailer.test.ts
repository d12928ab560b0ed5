import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { createMailer, writeOutboxFile } from "./mailer.ts";

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-mailer-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the outbox mailer", () => {
  it("writes each message to data/outbox, making the folder when it is missing (at first and after it was removed)", async () => {
    const dataDir = scratch();
    const logged: object[] = [];
    const mailer = createMailer({ dataDir, mailFrom: "Vestin <hello@vestin.io>" } as Config, { info: (details) => logged.push(details) });
    const outbox = path.join(dataDir, "outbox");
    const message = (n: number) => ({ to: `reader${n}@example.com`, subject: `Note ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });

    await mailer.send(message(1));
    rmSync(outbox, { recursive: true });
    await mailer.send(message(2));
    await mailer.send(message(3));

    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    const texts = files.map((f) => readFileSync(path.join(outbox, f), "utf8"));
    expect(texts.some((t) => t.includes("Subject: Note 2"))).toBe(true);
    expect(texts.some((t) => t.includes("Subject: Note 3"))).toBe(true);
    expect(logged.map((d) => (d as { file: string }).file).every((f) => f.startsWith(outbox))).toBe(true);
  });

  it("passes on a failure other than a missing folder, writing nothing", async () => {
    const dir = scratch();
    // The parent is a file: the write fails with ENOTDIR, which no folder-making would mend.
    const parent = path.join(dir, "not-a-folder");
    await writeOutboxFile(parent, Buffer.from("x"));
    await expect(writeOutboxFile(path.join(parent, "message.eml"), Buffer.from("y"))).rejects.toMatchObject({ code: "ENOTDIR" });
    expect(existsSync(path.join(parent, "message.eml"))).toBe(false);
  });
});
