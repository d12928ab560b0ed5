import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { whileJobIsRefused } from "../../../test/support/jobs.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { ARTICLE_CAMPAIGN_JOB } from "./campaigns.ts";

let counter = 0;

/**
 * An article published with "send to subscribers" stores the job that makes its campaign in the
 * save's transaction: a save that commits always has its campaign coming, and a save whose job
 * cannot be stored is undone, so a crash between the two can never lose the campaign.
 */
describeEachDatabase("a published article's campaign, stored with the save", (t) => {
  let admin: { token: string };
  beforeAll(async () => {
    admin = await signedInUser(t().app, t().database.db, { admin: true });
  });
  const asAdmin = (method: "POST" | "PUT", path: string, body: unknown) => api(t().app, method, `/api/v1${path}`, body, admin.token);

  const article = (overrides: Record<string, unknown> = {}) => ({
    title: `Wind park off the Dutch coast ${Date.now()}-${++counter}`,
    excerpt: "A 60 MW offshore wind park joins the platform.",
    markdown: "The park feeds **enough power** for 40,000 homes.",
    category: "Renewable Energy",
    author: { name: "Vestin Research" },
    featuredImage: "/images/blog/solar.jpg",
    featuredImageAlt: "Wind turbines at sea",
    sendToSubscribers: true,
    ...overrides,
  });

  /** The queue's campaign jobs (whatever their state) for the article `articleId`. */
  async function campaignJobs(articleId: string): Promise<number> {
    const { db } = t().database;
    const rows =
      t().dialect === "sqlite"
        ? await sql<{ n: number }>`select count(*) as n from jobs where name = ${ARTICLE_CAMPAIGN_JOB} and json_extract(data, '$.id') = ${articleId}`.execute(
            db,
          )
        : await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${ARTICLE_CAMPAIGN_JOB} and data->>'id' = ${articleId}`.execute(db);
    return Number(rows.rows[0]?.n ?? 0);
  }
  const articlesTitled = async (title: string) => (await t().database.db.selectFrom("articles").select("id").where("title", "=", title).execute()).length;
  const campaignsOf = (articleId: string) =>
    t().database.db.selectFrom("newsletter_campaigns").select(["status", "subject"]).where("auto_article_id", "=", articleId).execute();

  const whileCampaignJobIsRefused = (work: () => Promise<void>) => whileJobIsRefused(t().app, ARTICLE_CAMPAIGN_JOB, work);

  it("a new article whose campaign job cannot be stored is not saved; saved again, it has its job and then its campaign", async () => {
    const input = article();
    await whileCampaignJobIsRefused(async () => {
      expect((await asAdmin("POST", "/blogs", input)).status).toBe(500);
    });
    expect(await articlesTitled(input.title)).toBe(0);

    const created = await asAdmin("POST", "/blogs", input);
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    // Committed together: the job is there the moment the answer is.
    expect(await campaignJobs(id)).toBe(1);
    await t().app.jobs.idle();
    expect(await campaignsOf(id)).toEqual([{ status: expect.stringMatching(/^(sending|sent)$/), subject: input.title }]);
  });

  it("publishing a draft stores the job with the change; a change whose job is refused leaves the draft a draft", async () => {
    const input = article({ status: "draft" });
    const created = await asAdmin("POST", "/blogs", input);
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    expect(await campaignJobs(id)).toBe(0);

    await whileCampaignJobIsRefused(async () => {
      expect((await asAdmin("PUT", `/blogs/${id}`, { status: "published" })).status).toBe(500);
    });
    const draft = await t().database.db.selectFrom("articles").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(draft.status).toBe("draft");
    expect(await campaignJobs(id)).toBe(0);

    expect((await asAdmin("PUT", `/blogs/${id}`, { status: "published" })).status).toBe(200);
    expect(await campaignJobs(id)).toBe(1);
    await t().app.jobs.idle();
    expect(await campaignsOf(id)).toHaveLength(1);
  });

  it("an article saved without 'send to subscribers' stores no campaign job", async () => {
    const created = await asAdmin("POST", "/blogs", article({ sendToSubscribers: false }));
    expect(created.status).toBe(201);
    expect(await campaignJobs(created.body.data._id as string)).toBe(0);
  });
});
