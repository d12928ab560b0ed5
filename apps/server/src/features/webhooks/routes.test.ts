import { createHmac, timingSafeEqual } from "node:crypto";
import { afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { describeEachDatabase, type TestContext } from "../../../test/harness.ts";
import { api, metricValue, signedInUser, writeElsewhere } from "../../../test/helpers.ts";
import { startReceiver, type Receiver, type ReceivedWebhook } from "../../../test/webhook-receiver.ts";

/*
 * Signed webhooks, on both databases, against local receivers (node:http on
 * 127.0.0.1, so WEBHOOK_ALLOW_PRIVATE=1 here). Signatures are checked with node:crypto in this
 * file, following the documented scheme, not with the server's own signing code.
 */

/** The Standard Webhooks check a receiver makes (README "Webhooks"), written out independently. */
function verify(secret: string, received: ReceivedWebhook, toleranceSeconds = 300): boolean {
  const id = String(received.headers["webhook-id"]);
  const timestamp = String(received.headers["webhook-timestamp"]);
  const header = String(received.headers["webhook-signature"]);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = Buffer.from(createHmac("sha256", key).update(`${id}.${timestamp}.${received.body}`).digest("base64"));
  return header.split(" ").some((part) => {
    const [version, signature] = part.split(",");
    const given = Buffer.from(signature ?? "");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Polls until `check` answers something (deliveries retry on a schedule the job queue's idle() does not wait for). */
async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Delivery = {
  _id: string;
  status: string;
  attempts: number;
  responseCode: number | null;
  error: string | null;
  eventId: string;
  eventType: string;
  resendOf: string | null;
};

function suite(t: () => TestContext) {
  let admin = "";
  let member = "";
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    const { app, database } = t();
    admin = (await signedInUser(app, database.db, { admin: true })).token;
    member = (await signedInUser(app, database.db)).token;
  });
  beforeEach(async () => {
    // Each test starts with no endpoints, so one test's leads reach only its own receivers.
    await t().database.db.deleteFrom("webhook_endpoints").execute();
  });
  afterEach(async () => {
    await t().database.db.deleteFrom("webhook_endpoints").execute();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  const create = (body: Record<string, unknown>) => api(t().app, "POST", "/api/v1/admin/webhooks", body, admin);
  const deliveries = async (endpointId: string): Promise<Delivery[]> =>
    (await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}/deliveries`, undefined, admin)).body.data as Delivery[];
  const settled = (endpointId: string, statuses = ["delivered", "failed", "skipped"]) =>
    waitFor(async () => {
      const list = await deliveries(endpointId);
      return list.length > 0 && list.every((d) => statuses.includes(d.status)) ? list : undefined;
    }, `the deliveries of ${endpointId} to settle`);
  let contactCounter = 0;
  const submitContact = async () => {
    contactCounter += 1;
    const email = `hook.${Date.now()}.${contactCounter}@example.com`;
    const res = await api(t().app, "POST", "/api/v1/contacts", {
      firstName: "Ana",
      lastName: `Silva ${contactCounter}`,
      email,
      confirmEmail: email,
      comments: "Please call me <b>back</b>",
    });
    expect(res.status).toBe(201);
    return { id: res.body.data._id as string, email, lastName: `Silva ${contactCounter}` };
  };

  it("delivers a real lead, signed so that an independent check passes and a wrong secret fails", async () => {
    const crm = await receiver();
    const created = await create({ url: crm.url, events: ["contact.submitted"], description: "CRM" });
    expect(created.status).toBe(201);
    const secret = created.body.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const lead = await submitContact();
    await t().app.jobs.idle();
    const [delivery] = await settled(created.body.data.endpoint._id as string);

    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, responseCode: 200, eventType: "contact.submitted", error: null });
    expect(crm.received).toHaveLength(1);
    const [request] = crm.received as [ReceivedWebhook];
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("Vestin-Webhooks/1");
    expect(verify(secret, request)).toBe(true);
    expect(verify(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, request)).toBe(false);
    // A changed body, or a timestamp from long ago, fails the same check.
    expect(verify(secret, { ...request, body: request.body.replace("Ana", "Eve") })).toBe(false);
    expect(verify(secret, request, -1)).toBe(false);

    const body = JSON.parse(request.body) as { id: string; type: string; createdAt: string; data: { lead: Record<string, unknown> } };
    expect(body.id).toBe(request.headers["webhook-id"]);
    expect(body.id).toBe(delivery?.eventId);
    expect(body.type).toBe("contact.submitted");
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(body.data.lead).toMatchObject({ _id: lead.id, firstName: "Ana", lastName: lead.lastName, email: lead.email, status: "new" });
    expect(body.data.lead.inboxUrl).toBe(`http://localhost:3000/admin/leads?type=enquiries&lead=${lead.id}`);
  });

  it("sends an endpoint only the events it subscribed to, and nothing to a disabled one", async () => {
    const contacts = await receiver();
    const presale = await receiver();
    const paused = await receiver();
    const a = await create({ url: contacts.url, events: ["contact.submitted", "waitlist.joined"] });
    await create({ url: presale.url, events: ["presale.registered"] });
    const c = await create({ url: paused.url, events: ["contact.submitted"] });
    expect((await api(t().app, "PATCH", `/api/v1/admin/webhooks/${c.body.data.endpoint._id}`, { status: "disabled" }, admin)).body.data.status).toBe(
      "disabled",
    );
    await submitContact();
    await t().app.jobs.idle();
    await settled(a.body.data.endpoint._id as string);
    expect(contacts.received).toHaveLength(1);
    expect(presale.received).toHaveLength(0);
    expect(paused.received).toHaveLength(0);
    expect(await deliveries(c.body.data.endpoint._id as string)).toEqual([]);
  });

  it("stores no fan-out job for an event no endpoint listens for, and knows at once of an endpoint made, here or on another server", async () => {
    const sent = vi.spyOn(t().app.jobs, "sendAll");
    const fanOuts = () => sent.mock.calls.flatMap(([jobs]) => jobs.filter((job) => job.name === "event.webhooks")).length;
    const fanOutsOfNextContact = async () => {
      const before = fanOuts();
      await submitContact();
      return fanOuts() - before;
    };
    const selects = vi.spyOn(t().database.db, "selectFrom");
    const endpointReads = () => selects.mock.calls.filter(([table]) => table === "webhook_endpoints").length;
    try {
      await submitContact();
      expect(fanOuts()).toBe(0);
      // Nobody is to be told of leads on this server either (no NOTIFY_EMAILS): the contact caused no job at all.
      expect(sent.mock.calls.flatMap(([jobs]) => jobs)).toEqual([]);
      // Which events are listened for is read once, then known from memory while no endpoint changes
      // (a notice of this test's clean-up may still arrive and drop it once).
      await expect
        .poll(async () => {
          const before = endpointReads();
          await submitContact();
          return endpointReads() - before;
        })
        .toBe(0);
      const before = endpointReads();
      for (let n = 0; n < 3; n++) await submitContact();
      expect(endpointReads()).toBe(before);
      // An endpoint for other events only: still nothing to fan out.
      await create({ url: (await receiver()).url, events: ["presale.registered"] });
      await submitContact();
      expect(fanOuts()).toBe(0);

      // Made on this server: the very next contact is fanned out and delivered.
      const crm = await receiver();
      const made = await create({ url: crm.url, events: ["contact.submitted"] });
      const endpointId = made.body.data.endpoint._id as string;
      const lead = await submitContact();
      expect(fanOuts()).toBe(1);
      await t().app.jobs.idle();
      await settled(endpointId);
      expect(crm.received.map((r) => (JSON.parse(r.body) as { data: { lead: { _id: string } } }).data.lead._id)).toEqual([lead.id]);

      // Disabled and enabled again by another server (another connection): heard through the change feed.
      await writeElsewhere(t().databaseUrl, "update webhook_endpoints set status = $1 where id = $2", ["disabled", endpointId]);
      await expect.poll(fanOutsOfNextContact, { timeout: 5_000 }).toBe(0);
      // Fan-outs of contacts made before the notice arrived find the endpoint disabled: let them run now.
      await t().app.jobs.idle();
      await writeElsewhere(t().databaseUrl, "update webhook_endpoints set status = $1 where id = $2", ["active", endpointId]);
      await expect.poll(fanOutsOfNextContact, { timeout: 5_000 }).toBe(1);
      // The last contact's fan-out runs now, while its endpoint is still there.
      await t().app.jobs.idle();
      await expect.poll(async () => (await deliveries(endpointId)).length, { timeout: 5_000 }).toBe(2);
    } finally {
      sent.mockRestore();
      selects.mockRestore();
    }
  });

  it("formats a Slack delivery as text and blocks with the inbox link and no contact details", async () => {
    const slack = await receiver();
    const created = await create({ url: slack.url, events: ["contact.submitted"], format: "slack" });
    const lead = await submitContact();
    await t().app.jobs.idle();
    await settled(created.body.data.endpoint._id as string);
    const body = JSON.parse(slack.received[0]?.body ?? "{}") as { text: string; blocks: Array<Record<string, unknown>> };
    expect(body.text).toContain(`New contact enquiry: Ana ${lead.lastName}`);
    expect(body.text).toContain(`/admin/leads?type=enquiries&lead=${lead.id}`);
    expect(body.blocks.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain(lead.email);
  });

  it("retries a receiver that answered 500 and delivers once it answers 200", async () => {
    const flaky = await receiver([
      { status: 500, body: "database locked" },
      { status: 200, body: "ok" },
    ]);
    const created = await create({ url: flaky.url, events: ["contact.submitted"] });
    const counted = async () => ({
      retrying: await metricValue(t().app.metrics.webhookDeliveries, { outcome: "retrying" }),
      delivered: await metricValue(t().app.metrics.webhookDeliveries, { outcome: "delivered" }),
    });
    const before = await counted();
    await submitContact();
    const [delivery, ...others] = await settled(created.body.data.endpoint._id as string);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, responseCode: 200, error: null });
    const after = await counted();
    expect({ retrying: after.retrying - before.retrying, delivered: after.delivered - before.delivered }).toEqual({ retrying: 1, delivered: 1 });
    expect(flaky.received).toHaveLength(2);
    // The retry carries the same event id (receivers dedupe on it) and a fresh, valid signature.
    expect(flaky.received[0]?.headers["webhook-id"]).toBe(flaky.received[1]?.headers["webhook-id"]);
    expect(verify(created.body.data.secret as string, flaky.received[1] as ReceivedWebhook)).toBe(true);
  });

  it("records a receiver that never answers as a timed-out attempt, without holding up any request", async () => {
    const stuck = await receiver(["hang"]);
    const created = await create({ url: stuck.url, events: ["contact.submitted"] });
    const started = Date.now();
    const test = await api(t().app, "POST", `/api/v1/admin/webhooks/${created.body.data.endpoint._id}/test`, undefined, admin);
    await submitContact();
    expect(test.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1000);
    const attempted = await waitFor(async () => (await deliveries(created.body.data.endpoint._id as string)).find((d) => d.attempts >= 1), "a first attempt");
    expect(attempted.error).toMatch(/timed out after 500 ms/);
    expect(attempted.responseCode).toBeNull();
  });

  it("reads at most 64 KB of a huge answer and counts the delivery as made", async () => {
    const big = await receiver([{ status: 200, body: Buffer.alloc(5 * 1024 * 1024, "x") }]);
    const created = await create({ url: big.url, events: ["contact.submitted"] });
    await submitContact();
    const [delivery] = await settled(created.body.data.endpoint._id as string);
    expect(delivery).toMatchObject({ status: "delivered", responseCode: 200 });
  });

  it("marks an endpoint failing when a delivery fails for the whole retry window; a resend that succeeds clears it", async () => {
    const down = await receiver([{ status: 503, body: "maintenance" }]);
    const created = await create({ url: down.url, events: ["contact.submitted"] });
    const endpointId = created.body.data.endpoint._id as string;
    await submitContact();
    const [failed] = await settled(endpointId);
    expect(failed?.status).toBe("failed");
    expect(failed?.attempts).toBeGreaterThan(1);
    expect(failed?.error).toMatch(/HTTP 503: maintenance/);
    expect(down.received.length).toBe(failed?.attempts);
    const endpoint = (await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin)).body.data;
    expect(endpoint.status).toBe("failing");
    expect(endpoint.failingSince).toEqual(expect.any(String));
    expect(endpoint.lastDelivery).toMatchObject({ status: "failed", responseCode: 503 });

    down.answer([{ status: 204 }]);
    const resend = await api(t().app, "POST", `/api/v1/admin/webhooks/${endpointId}/deliveries/${failed?._id}/resend`, undefined, admin);
    expect(resend.status).toBe(202);
    expect(resend.body.data).toMatchObject({ resendOf: failed?._id, eventId: failed?.eventId, status: "pending" });
    const log = await settled(endpointId);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ _id: resend.body.data._id, status: "delivered", responseCode: 204 });
    expect(log[1]).toMatchObject({ _id: failed?._id, status: "failed" });
    const healthy = (await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin)).body.data;
    expect(healthy).toMatchObject({ status: "active", failingSince: null });
  });

  it("re-activates a failing endpoint on an admin's request", async () => {
    const down = await receiver([{ status: 500 }]);
    const created = await create({ url: down.url, events: ["contact.submitted"] });
    const endpointId = created.body.data.endpoint._id as string;
    await submitContact();
    await settled(endpointId);
    expect((await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin)).body.data.status).toBe("failing");
    const reactivated = await api(t().app, "PATCH", `/api/v1/admin/webhooks/${endpointId}`, { status: "active" }, admin);
    expect(reactivated.body.data).toMatchObject({ status: "active", failingSince: null });
  });

  it("makes one delivery per endpoint however often an event fans out, and skips a lead that was erased", async () => {
    const crm = await receiver();
    const created = await create({ url: crm.url, events: ["contact.submitted"] });
    const endpointId = created.body.data.endpoint._id as string;
    const lead = await submitContact();
    await t().app.jobs.idle();
    await settled(endpointId);
    const event = { id: `evt-repeat-${Date.now()}`, type: "contact.submitted" as const, occurredAt: new Date().toISOString(), leadId: lead.id };
    await t().app.webhooks.fanOut(event);
    await t().app.webhooks.fanOut(event);
    await t().app.jobs.idle();
    const log = await settled(endpointId);
    expect(log.filter((d) => d.eventId === event.id)).toHaveLength(1);
    expect(crm.received.filter((r) => r.headers["webhook-id"] === event.id)).toHaveLength(1);

    await t().app.webhooks.fanOut({ ...event, id: `evt-erased-${Date.now()}`, leadId: "no-such-lead" });
    await t().app.jobs.idle();
    const erased = (await settled(endpointId)).find((d) => d.eventId.startsWith("evt-erased"));
    expect(erased).toMatchObject({ status: "skipped", attempts: 0 });
    expect(erased?.error).toMatch(/no longer exists/);
  });

  it("sends a signed test event, and after a rotation signs with the new secret only", async () => {
    const crm = await receiver();
    const created = await create({ url: crm.url, events: ["presale.registered"] });
    const endpointId = created.body.data.endpoint._id as string;
    const rotated = await api(t().app, "POST", `/api/v1/admin/webhooks/${endpointId}/rotate-secret`, undefined, admin);
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).not.toBe(created.body.data.secret);
    expect((await api(t().app, "POST", `/api/v1/admin/webhooks/${endpointId}/test`, undefined, admin)).status).toBe(202);
    await t().app.jobs.idle();
    const [delivery] = await settled(endpointId);
    expect(delivery).toMatchObject({ status: "delivered", eventType: "webhook.test" });
    const request = crm.received[0] as ReceivedWebhook;
    expect(JSON.parse(request.body)).toMatchObject({ type: "webhook.test", data: { endpointId } });
    expect(verify(secret, request)).toBe(true);
    expect(verify(created.body.data.secret as string, request)).toBe(false);
  });

  it("never shows a secret after it was answered once, and stores it encrypted", async () => {
    const crm = await receiver();
    const created = await create({ url: crm.url, events: ["contact.submitted"] });
    const secret = created.body.data.secret as string;
    const endpointId = created.body.data.endpoint._id as string;
    const list = await api(t().app, "GET", "/api/v1/admin/webhooks", undefined, admin);
    const one = await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin);
    const updated = await api(t().app, "PATCH", `/api/v1/admin/webhooks/${endpointId}`, { description: "Renamed" }, admin);
    for (const res of [list, one, updated]) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(secret.slice(6, 30));
      expect(JSON.stringify(res.body)).not.toMatch(/"secret"/);
    }
    const stored = await t().database.db.selectFrom("webhook_endpoints").select("secret").where("id", "=", endpointId).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6, 30));
    expect(stored.secret).toMatch(/^v1:/);
    const audit = await t().database.db.selectFrom("audit_log").selectAll().where("target_type", "=", "webhooks").execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["POST /api/v1/admin/webhooks", "PATCH /api/v1/admin/webhooks/:id"]));
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6, 30));
  });

  it("updates, pages the delivery log newest first, and deletes an endpoint with its log", async () => {
    const crm = await receiver();
    const created = await create({ url: crm.url, events: ["contact.submitted"] });
    const endpointId = created.body.data.endpoint._id as string;
    const other = await receiver();
    const changed = await api(
      t().app,
      "PATCH",
      `/api/v1/admin/webhooks/${endpointId}`,
      { url: other.url, events: ["waitlist.joined", "waitlist.joined"], format: "slack" },
      admin,
    );
    expect(changed.body.data).toMatchObject({ url: other.url, events: ["waitlist.joined"], format: "slack" });
    for (let i = 0; i < 3; i += 1) await api(t().app, "POST", `/api/v1/admin/webhooks/${endpointId}/test`, undefined, admin);
    await t().app.jobs.idle();
    await settled(endpointId);
    const page = await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}/deliveries?page=1&limit=2`, undefined, admin);
    expect(page.body).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(page.body.data).toHaveLength(2);
    const dates = (page.body.data as Array<{ createdAt: string }>).map((d) => d.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(other.received).toHaveLength(3);
    expect(crm.received).toHaveLength(0);

    expect((await api(t().app, "DELETE", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin)).status).toBe(204);
    expect((await api(t().app, "GET", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin)).status).toBe(404);
    expect(await t().database.db.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", endpointId).execute()).toEqual([]);
    expect((await api(t().app, "DELETE", `/api/v1/admin/webhooks/${endpointId}`, undefined, admin)).status).toBe(404);
  });

  it("answers 401 without a token and 403 to a member on every route", async () => {
    const crm = await receiver();
    const created = await create({ url: crm.url, events: ["contact.submitted"] });
    const id = created.body.data.endpoint._id as string;
    const routes: Array<["GET" | "POST" | "PATCH" | "DELETE", string, unknown]> = [
      ["GET", "/api/v1/admin/webhooks", undefined],
      ["POST", "/api/v1/admin/webhooks", { url: crm.url, events: ["contact.submitted"] }],
      ["GET", `/api/v1/admin/webhooks/${id}`, undefined],
      ["PATCH", `/api/v1/admin/webhooks/${id}`, { description: "x" }],
      ["DELETE", `/api/v1/admin/webhooks/${id}`, undefined],
      ["POST", `/api/v1/admin/webhooks/${id}/rotate-secret`, undefined],
      ["POST", `/api/v1/admin/webhooks/${id}/test`, undefined],
      ["GET", `/api/v1/admin/webhooks/${id}/deliveries`, undefined],
      ["POST", `/api/v1/admin/webhooks/${id}/deliveries/x/resend`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(t().app, method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await api(t().app, method, url, body, member)).status, `${method} ${url}`).toBe(403);
    }
    const count = await t().database.db.selectFrom("webhook_endpoints").select("id").execute();
    expect(count).toHaveLength(1);
  });
}

describeEachDatabase("webhooks", suite, {
  env: { WEBHOOK_ALLOW_PRIVATE: "1", RATE_LIMITS: "off" },
  // 24 hours of retries compressed into two seconds, and a half-second timeout.
  prepare: (app) =>
    app.webhooks.useDeliverySettings({
      retry: { firstDelaySeconds: 0.2, maxDelaySeconds: 0.4, windowSeconds: 2 },
      post: { timeoutMs: 500, maxResponseBytes: 64 * 1024, maxBodyBytes: 256 * 1024 },
    }),
});
