import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../../test/harness.ts";
import { openDatabase } from "./database.ts";
import { prepareDatabase } from "./prepare.ts";
import type { Seeder } from "./seed/index.ts";

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

for (const dialect of testDialects()) {
  describe(`start-up lock [${dialect}]`, () => {
    it("lets one connection at a time through, the next one only after the first is done", async () => {
      const testDb = await createTestDatabase(dialect);
      // Two separate connections (pools), as two server processes would have.
      const first = await openDatabase(target(testDb.url));
      const second = await openDatabase(target(testDb.url));
      const events: string[] = [];
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const firstIn = new Promise<void>((resolve) => (entered = resolve));
        const one = first.exclusively(async () => {
          events.push("first in");
          entered();
          await held;
          events.push("first out");
        });
        await firstIn;
        const two = second.exclusively(async () => {
          events.push("second in");
        });
        // A fixed pause on purpose: a blocked lock gives no signal of its own, and the check is that
        // nothing happens while it is held. A second that wrongly got in would do so at once.
        await new Promise((r) => setTimeout(r, 600));
        expect(events).toEqual(["first in"]);
        release();
        await Promise.all([one, two]);
        expect(events).toEqual(["first in", "first out", "second in"]);
      } finally {
        await first.close();
        await second.close();
        await testDb.dispose();
      }
    });

    it("migrates and seeds once when two start-ups race", async () => {
      const testDb = await createTestDatabase(dialect);
      const a = await openDatabase(target(testDb.url));
      const b = await openDatabase(target(testDb.url));
      let runs = 0;
      const seeder: Seeder = {
        name: "race",
        version: 1,
        async run() {
          runs += 1;
        },
      };
      try {
        const [ra, rb] = await Promise.all([prepareDatabase(a, [seeder]), prepareDatabase(b, [seeder])]);
        expect(runs).toBe(1);
        // One of them did everything, the other found nothing to do.
        const didAll = [ra, rb].filter((r) => r.migrated.length > 0 && r.seeded.length === 1);
        const didNothing = [ra, rb].filter((r) => r.migrated.length === 0 && r.seeded.length === 0);
        expect(didAll).toHaveLength(1);
        expect(didNothing).toHaveLength(1);
      } finally {
        await a.close();
        await b.close();
        await testDb.dispose();
      }
    });
  });
}
