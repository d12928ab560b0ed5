import { SCHEDULE_AUDIT, SCHEDULE_MESSAGES } from "@vestin/shared/article-schedule";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { until } from "../../../test/until.ts";

let counter = 0;

/**
 * Scheduled publishing: an article scheduled for a moment is not public before it, goes public
 * once at it (with its audit row and one newsletter campaign) however many runs race, and a moved
 * or cancelled schedule makes the old job a no-op.
 */
describeEachDatabase("scheduled publishing", (t) => {
  let admin = "";
  let learner = "";
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    learner = (await signedInUser(t().app, t().database.db)).token;
  });

  const draft = async (overrides: Record<string, unknown> = {}) => {
    const n = ++counter;
    const body = {
      title: `Qorvantine harbour bond ${n}`,
      slug: `scheduled-${n}-${Date.now()}`,
      excerpt: "A tokenized harbour bond.",
      category: "Scheduling",
      author: { name: "Test Author" },
      markdown: `The qorvantine${n} harbour bond opens soon.`,
      status: "draft",
      ...overrides,
    };
    const res = await api(t().app, "POST", "/api/v1/blogs", body, admin);
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; slug: string };
  };
  const schedule = (id: string, scheduledAt: string, token = admin) => api(t().app, "PUT", `/api/v1/admin/articles/${id}/schedule`, { scheduledAt }, token);
  const cancel = (id: string, token = admin) => api(t().app, "DELETE", `/api/v1/admin/articles/${id}/schedule`, undefined, token);
  const row = (id: string) =>
    t().database.db.selectFrom("articles").select(["status", "scheduled_at", "published_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const audits = (id: string) =>
    t().database.db.selectFrom("audit_log").select(["action", "details", "actor_email"]).where("target_id", "=", id).orderBy("created_at").execute();
  const campaigns = (id: string) => t().database.db.selectFrom("newsletter_campaigns").select("id").where("auto_article_id", "=", id).execute();
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
  const isPublic = async (slug: string) => (await api(t().app, "GET", `/api/v1/blogs/${slug}`)).status === 200;

  it("only administrators schedule or cancel: signed out 401, a learner 403, and nothing changes", async () => {
    const article = await draft();
    expect((await schedule(article._id, inMs(3600_000), "")).status).toBe(401);
    expect((await schedule(article._id, inMs(3600_000), learner)).status).toBe(403);
    expect((await cancel(article._id, learner)).status).toBe(403);
    expect(await row(article._id)).toMatchObject({ status: "draft", scheduled_at: null });
  });

  it("refuses a moment in the past or no moment with a clear 400, and a published article with 409", async () => {
    const article = await draft();
    const past = await schedule(article._id, inMs(-60_000));
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ success: false, message: SCHEDULE_MESSAGES.inPast, errors: { scheduledAt: SCHEDULE_MESSAGES.inPast } });
    const garbage = await schedule(article._id, "tomorrow at noon");
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors).toHaveProperty("scheduledAt");
    expect(await row(article._id)).toMatchObject({ status: "draft", scheduled_at: null });
    expect(await audits(article._id)).toEqual([]);

    const published = await draft({ status: "published" });
    expect((await schedule(published._id, inMs(3600_000))).status).toBe(409);
    expect((await schedule("no-such-article", inMs(3600_000))).status).toBe(404);
    expect((await cancel(article._id)).status).toBe(409);
  });

  it("keeps a scheduled article out of every public read, and lists it in the console by moment", async () => {
    const later = await draft({ category: "Not yet public" });
    const sooner = await draft({ category: "Not yet public" });
    const laterAt = inMs(7200_000);
    const soonerAt = inMs(3600_000);
    const res = await schedule(later._id, laterAt.replace("Z", "+00:00"));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ _id: later._id, status: "scheduled", scheduledAt: laterAt });
    expect((await schedule(sooner._id, soonerAt)).status).toBe(200);

    expect((await api(t().app, "GET", `/api/v1/blogs/${later.slug}`)).status).toBe(404);
    expect((await api(t().app, "GET", `/api/v1/blogs/${later._id}`)).status).toBe(404);
    expect((await api(t().app, "PUT", `/api/v1/blogs/${later._id}/like`)).status).toBe(404);
    const list = await api(t().app, "GET", "/api/v1/blogs?limit=100");
    expect(list.body.data.map((a: { _id: string }) => a._id)).not.toContain(later._id);
    const search = await api(t().app, "GET", `/api/v1/blogs?search=qorvantine${counter}`);
    expect(search.body.total).toBe(0);
    const categories = await api(t().app, "GET", "/api/v1/blogs/categories");
    expect(categories.body.data.find((c: { category: string }) => c.category === "Not yet public")).toBeUndefined();

    const scheduled = await api(t().app, "GET", "/api/v1/admin/articles?status=scheduled", undefined, admin);
    const mine = (scheduled.body.data as { _id: string; scheduledAt: string }[]).filter((a) => a._id === later._id || a._id === sooner._id);
    expect(mine).toEqual([
      expect.objectContaining({ _id: sooner._id, status: "scheduled", scheduledAt: soonerAt }),
      expect.objectContaining({ _id: later._id, status: "scheduled", scheduledAt: laterAt }),
    ]);
    const editing = await api(t().app, "GET", `/api/v1/admin/articles/${later._id}`, undefined, admin);
    expect(editing.body.data).toMatchObject({ status: "scheduled", scheduledAt: laterAt });

    // Edited without a status, it stays scheduled; both go back to drafts.
    expect((await api(t().app, "PUT", `/api/v1/blogs/${later._id}`, { title: "Still scheduled" }, admin)).status).toBe(200);
    expect(await row(later._id)).toMatchObject({ status: "scheduled", scheduled_at: laterAt });
    for (const a of [later, sooner]) expect((await cancel(a._id)).body.data).toEqual({ _id: a._id, status: "draft", scheduledAt: null });
  });

  it("publishes at the moment, within 5 s, with its moment as publishedAt, an audit row and one campaign", async () => {
    const article = await draft({ sendToSubscribers: true });
    const moment = inMs(2000);
    expect((await schedule(article._id, moment)).status).toBe(200);
    expect(await isPublic(article.slug)).toBe(false);
    await until("the scheduled article to be public", () => isPublic(article.slug), { timeoutMs: 10_000 });
    const seenAfterMs = Date.now() - Date.parse(moment);
    expect(seenAfterMs).toBeLessThan(5000);
    expect(await row(article._id)).toEqual({ status: "published", scheduled_at: null, published_at: moment });
    const log = await audits(article._id);
    expect(log.map((a) => a.action)).toEqual([SCHEDULE_AUDIT.scheduled, SCHEDULE_AUDIT.onSchedule]);
    expect(JSON.parse(log[1]?.details ?? "{}")).toMatchObject({ plannedAt: moment });
    await t().app.jobs.idle();
    expect(await campaigns(article._id)).toHaveLength(1);
  });

  it("publishes once when the job runs several times at once and the due check races it", async () => {
    const article = await draft({ sendToSubscribers: true });
    const moment = inMs(800);
    expect((await schedule(article._id, moment)).status).toBe(200);
    const job = { articleId: article._id, scheduledAt: moment };
    // Started before the moment: each run waits for it, then all race the queue's own job and the due check.
    const runs = await Promise.all([1, 2, 3, 4].map(() => t().app.blog.schedule.publishDue(job)));
    expect(runs.filter(Boolean).length).toBeLessThanOrEqual(1);
    await until("the article to be published", async () => (await row(article._id)).status === "published");
    await t().app.jobs.idle();
    expect(await t().app.blog.schedule.publishDue(job)).toBe(false);
    const published = (await audits(article._id)).filter((a) => a.action === SCHEDULE_AUDIT.onSchedule || a.action === SCHEDULE_AUDIT.late);
    expect(published).toHaveLength(1);
    expect(await campaigns(article._id)).toHaveLength(1);
  });

  it("a moved schedule makes the old moment's job a no-op, and publishes at the new one", async () => {
    const article = await draft();
    const first = inMs(1000);
    expect((await schedule(article._id, first)).status).toBe(200);
    const second = inMs(3600_000);
    expect((await schedule(article._id, second)).body.data).toMatchObject({ status: "scheduled", scheduledAt: second });
    await until("the first moment to pass", () => Date.now() > Date.parse(first) + 100);
    expect(await t().app.blog.schedule.publishDue({ articleId: article._id, scheduledAt: first })).toBe(false);
    await t().app.jobs.idle();
    await t().app.blog.schedule.checkDue();
    expect(await row(article._id)).toMatchObject({ status: "scheduled", scheduled_at: second });
    expect(await isPublic(article.slug)).toBe(false);
    const log = await audits(article._id);
    expect(log.map((a) => a.action)).toEqual([SCHEDULE_AUDIT.scheduled, SCHEDULE_AUDIT.rescheduled]);
    expect(JSON.parse(log[1]?.details ?? "{}")).toMatchObject({ scheduledAt: second, previously: first });
    expect((await cancel(article._id)).status).toBe(200);
  });

  it("a cancelled schedule is a draft again and its job publishes nothing", async () => {
    const article = await draft({ sendToSubscribers: true });
    const moment = inMs(1000);
    expect((await schedule(article._id, moment)).status).toBe(200);
    const cancelled = await cancel(article._id);
    expect(cancelled.body.data).toEqual({ _id: article._id, status: "draft", scheduledAt: null });
    await until("the moment to pass", () => Date.now() > Date.parse(moment) + 100);
    expect(await t().app.blog.schedule.publishDue({ articleId: article._id, scheduledAt: moment })).toBe(false);
    await t().app.jobs.idle();
    expect(await row(article._id)).toMatchObject({ status: "draft", scheduled_at: null });
    expect(await campaigns(article._id)).toHaveLength(0);
    expect((await audits(article._id)).map((a) => a.action)).toEqual([SCHEDULE_AUDIT.scheduled, SCHEDULE_AUDIT.cancelled]);
  });

  it("published by hand before its moment, it leaves the schedule and its job does nothing more", async () => {
    const article = await draft({ sendToSubscribers: true });
    const moment = inMs(1000);
    expect((await schedule(article._id, moment)).status).toBe(200);
    expect((await api(t().app, "PUT", `/api/v1/blogs/${article._id}`, { status: "published" }, admin)).status).toBe(200);
    expect(await row(article._id)).toMatchObject({ status: "published", scheduled_at: null });
    await until("the moment to pass", () => Date.now() > Date.parse(moment) + 100);
    expect(await t().app.blog.schedule.publishDue({ articleId: article._id, scheduledAt: moment })).toBe(false);
    await t().app.jobs.idle();
    expect(await campaigns(article._id)).toHaveLength(1);
  });

  it("a moment missed while every server was down is published by the next due check, audited as late", async () => {
    const article = await draft({ sendToSubscribers: true });
    // As a server that went down before the moment left it: scheduled, its moment ten minutes gone.
    const planned = new Date(Date.now() - 600_000).toISOString();
    await t().database.db.updateTable("articles").set({ status: "scheduled", scheduled_at: planned }).where("id", "=", article._id).execute();
    await t().app.blog.schedule.checkDue();
    await until("the overdue article to be published", async () => (await row(article._id)).status === "published");
    const published = await row(article._id);
    expect(Date.parse(published.published_at)).toBeGreaterThan(Date.parse(planned) + 590_000);
    const late = (await audits(article._id)).filter((a) => a.action === SCHEDULE_AUDIT.late);
    expect(late).toHaveLength(1);
    expect(late[0]?.actor_email).toBe("scheduled publishing");
    expect(JSON.parse(late[0]?.details ?? "{}")).toMatchObject({ plannedAt: planned, publishedAt: published.published_at });
    expect(JSON.parse(late[0]?.details ?? "{}").lateSeconds).toBeGreaterThanOrEqual(600);
    expect(await isPublic(article.slug)).toBe(true);
    await t().app.jobs.idle();
    expect(await campaigns(article._id)).toHaveLength(1);
  });
});
