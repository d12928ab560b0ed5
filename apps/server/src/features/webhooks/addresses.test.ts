import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";

/*
 * Webhook addresses as a production server checks them, without WEBHOOK_ALLOW_PRIVATE:
 * https only, no private network, no credentials in the address, checked again at delivery time.
 */

describeEachDatabase(
  "webhook addresses without WEBHOOK_ALLOW_PRIVATE",
  (t) => {
    let admin = "";
    beforeAll(async () => {
      admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    });

    const refusals: Array<[string, RegExp]> = [
      ["http://hooks.example.com/vestin", /must start with https/],
      ["https://127.0.0.1/hook", /private network/],
      ["https://127.1/hook", /private network/],
      ["https://10.0.0.1/hook", /private network/],
      ["https://192.168.1.20:8443/hook", /private network/],
      ["https://169.254.169.254/latest/meta-data/", /private network/],
      ["https://100.100.100.200/", /private network/],
      ["https://[::1]/hook", /private network/],
      ["https://[::ffff:127.0.0.1]/hook", /private network/],
      ["https://[fd00:ec2::254]/", /private network/],
      ["https://[::127.0.0.1]/hook", /private network/],
      ["https://[2002:7f00:1::]/hook", /private network/],
      ["https://[64:ff9b::7f00:1]/hook", /private network/],
      ["https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook", /private network/],
      ["https://[fe80::1]/hook", /private network/],
      ["https://[fd12:3456:789a::1]/hook", /private network/],
      ["https://[ff02::1]/hook", /private network/],
      ["https://[::ffff:8.8.8.8]/hook", /carries an IPv4 address inside IPv6/],
      ["https://[2002:808:808::1]/hook", /carries an IPv4 address inside IPv6/],
      ["https://[64:ff9b::808:808]/hook", /carries an IPv4 address inside IPv6/],
      ["https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/hook", /carries an IPv4 address inside IPv6/],
      ["https://0.0.0.0/", /private network/],
      ["https://localhost:3000/hook", /private network/],
      ["https://user:pass@hooks.example.com/", /user name and password/],
      ["ftp://hooks.example.com/", /must start with https/],
      ["not a url", /full web address/],
      ["https://", /full web address/],
      ["", /address that should receive/],
    ];
    for (const [url, message] of refusals) {
      it(`refuses ${JSON.stringify(url)} with a 400 on the url field and stores nothing`, async () => {
        const res = await api(t().app, "POST", "/api/v1/admin/webhooks", { url, events: ["contact.submitted"] }, admin);
        expect(res.status).toBe(400);
        expect(res.body.errors?.url).toMatch(message);
        expect(await t().database.db.selectFrom("webhook_endpoints").select("id").execute()).toEqual([]);
      });
    }

    it("accepts public IPv4 and IPv6 addresses", async () => {
      for (const url of ["https://93.184.215.14/hook", "https://[2606:4700:4700::1111]/hook"]) {
        const res = await api(t().app, "POST", "/api/v1/admin/webhooks", { url, events: ["contact.submitted"] }, admin);
        expect(res.status, url).toBe(201);
        expect(res.body.data.endpoint.url).toBe(url);
      }
      await t().database.db.deleteFrom("webhook_endpoints").execute();
    });

    it("refuses an address without events, and an address changed to a private one", async () => {
      const res = await api(t().app, "POST", "/api/v1/admin/webhooks", { url: "https://93.184.215.14/hook", events: [] }, admin);
      expect(res.status).toBe(400);
      expect(res.body.errors?.events).toMatch(/at least one event/);
      const ok = await api(t().app, "POST", "/api/v1/admin/webhooks", { url: "https://93.184.215.14/hook", events: ["airdrop.claimed"] }, admin);
      expect(ok.status).toBe(201);
      const id = ok.body.data.endpoint._id as string;
      const moved = await api(t().app, "PATCH", `/api/v1/admin/webhooks/${id}`, { url: "https://10.1.2.3/" }, admin);
      expect(moved.status).toBe(400);
      expect(moved.body.errors?.url).toMatch(/private network/);
      expect((await api(t().app, "GET", `/api/v1/admin/webhooks/${id}`, undefined, admin)).body.data.url).toBe("https://93.184.215.14/hook");
      await t().database.db.deleteFrom("webhook_endpoints").execute();
    });

    /**
     * Adds a public endpoint, moves its address to `url` behind the API's back (what a host name
     * whose DNS answers differently at delivery time looks like), sends a test event and answers
     * the delivery logged; the endpoints are deleted again.
     */
    async function deliveryAfterAddressTurns(url: string) {
      const ok = await api(t().app, "POST", "/api/v1/admin/webhooks", { url: "https://93.184.215.14/hook", events: ["contact.submitted"] }, admin);
      const id = ok.body.data.endpoint._id as string;
      await t().database.db.updateTable("webhook_endpoints").set({ url }).where("id", "=", id).execute();
      expect((await api(t().app, "POST", `/api/v1/admin/webhooks/${id}/test`, undefined, admin)).status).toBe(202);
      await t().app.jobs.idle();
      const [delivery] = (await api(t().app, "GET", `/api/v1/admin/webhooks/${id}/deliveries`, undefined, admin)).body.data as Array<{ error: string | null }>;
      await t().database.db.deleteFrom("webhook_endpoints").execute();
      return delivery;
    }

    it("logs a failed delivery, never a request, when an address turns private after it was added", async () => {
      const delivery = await deliveryAfterAddressTurns("https://127.0.0.1:9/hook");
      expect(delivery).toMatchObject({ attempts: 1, status: "retrying", responseCode: null });
      expect(delivery?.error).toMatch(/^Not sent: This address points to a private network/);
    });

    it("logs a failed delivery, never a request, when an address turns into a 6to4 form of loopback", async () => {
      const delivery = await deliveryAfterAddressTurns("https://[2002:7f00:1::]:9/hook");
      expect(delivery).toMatchObject({ attempts: 1, status: "retrying", responseCode: null });
      expect(delivery?.error).toMatch(/^Not sent: This address points to a private network.*2002:7f00:1::/);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
