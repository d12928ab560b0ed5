import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../db/schema.ts";
import { createEvents } from "./events.ts";
import type { JobQueue } from "./jobs/types.ts";

/** A queue that records what is sent to it and defines kinds without running them. */
function recordingQueue() {
  const sent: Array<Array<{ name: string; data: unknown }>> = [];
  const queue = {
    define: () => {},
    sendAll: async (jobs: readonly { name: string; data: unknown }[]) => {
      sent.push([...jobs]);
      return jobs.map((_, i) => `job-${i}`);
    },
  } as unknown as JobQueue;
  return { queue, sent };
}

const trx = {} as Kysely<DB>;

describe("events", () => {
  it("gives one job to each subscriber that wants the event, in one send, and none to the others", async () => {
    const { queue, sent } = recordingQueue();
    const events = createEvents(queue);
    const asked: string[] = [];
    events.subscribe("always", async () => {});
    events.subscribe("contacts-only", async () => {}, { wants: (type) => type === "contact.submitted" });
    events.subscribe("asks-the-database", async () => {}, {
      wants: async (type) => {
        asked.push(type);
        return false;
      },
    });

    const contacts = await events.audience("contact.submitted");
    expect(contacts.jobs).toEqual(["event.always", "event.contacts-only"]);
    const contact = await events.publish(trx, contacts, "lead-1", "2026-11-30T10:00:00.000Z");
    expect(contact).toMatchObject({ type: "contact.submitted", leadId: "lead-1", occurredAt: "2026-11-30T10:00:00.000Z" });
    expect(sent).toEqual([
      [
        { name: "event.always", data: contact },
        { name: "event.contacts-only", data: contact },
      ],
    ]);
    await events.publish(trx, await events.audience("presale.registered"), "lead-2", "2026-11-30T10:00:01.000Z");
    expect(sent[1]?.map((job) => job.name)).toEqual(["event.always"]);
    expect(asked).toEqual(["contact.submitted", "presale.registered"]);
  });

  it("sends nothing when no subscriber wants the event", async () => {
    const { queue, sent } = recordingQueue();
    const events = createEvents(queue);
    events.subscribe("never", async () => {}, { wants: () => false });
    const event = await events.publish(trx, await events.audience("waitlist.joined"), "lead-3", "2026-11-30T10:00:02.000Z");
    expect(event).toMatchObject({ type: "waitlist.joined", leadId: "lead-3" });
    expect(sent.flat()).toEqual([]);
  });
});
