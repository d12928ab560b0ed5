import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";

const ARTICLE = { title: "Four pictures", excerpt: "E", category: "Company News", author: { name: "A" } };

describeEachDatabase("article images", (t) => {
  const upload = async (width: number) => {
    const png = await sharp({ create: { width, height: width / 2, channels: 3, background: "#14b8a6" } })
      .jpeg()
      .toBuffer();
    return t().app.media.store({ bytes: png, originalName: "x.jpg", uploadedBy: null });
  };
  const count = async () =>
    Number(
      (
        await t()
          .database.db.selectFrom("articles")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a save with an image without alt text, naming the field and the image, and stores nothing", async () => {
    const admin = await signedInUser(t().app, t().database.db, { admin: true });
    const before = await count();
    const featured = await api(t().app, "POST", "/api/v1/blogs", { ...ARTICLE, markdown: "Text", featuredImage: "/images/blog/x.svg" }, admin.token);
    expect(featured.status).toBe(400);
    expect(featured.body.errors).toEqual({ featuredImageAlt: "Describe the featured image in its alt text" });
    for (const markdown of ["Intro\n\n![](/media/plan.png)", "![Describe the image](/media/plan.png)", "![  ](/media/plan.png)"]) {
      const res = await api(t().app, "POST", "/api/v1/blogs", { ...ARTICLE, markdown }, admin.token);
      expect(res.status, markdown).toBe(400);
      expect(res.body.errors?.markdown).toContain("/media/plan.png");
      expect(res.body.message).toContain("/media/plan.png");
    }
    const html = await api(t().app, "POST", "/api/v1/blogs", { ...ARTICLE, content: '<p>x</p><img src="https://cdn.example/a.png">' }, admin.token);
    expect(html.status).toBe(400);
    expect(html.body.errors?.content).toContain("https://cdn.example/a.png");
    expect(await count()).toBe(before);

    const ok = await api(t().app, "POST", "/api/v1/blogs", { ...ARTICLE, markdown: "![A wind farm at dusk](/media/plan.png)" }, admin.token);
    expect(ok.status).toBe(201);
    const update = await api(t().app, "PUT", `/api/v1/blogs/${ok.body.data._id}`, { markdown: "![](/media/plan.png)", title: "Changed" }, admin.token);
    expect(update.status).toBe(400);
    const unchanged = await api(t().app, "PUT", `/api/v1/blogs/${ok.body.data._id}`, { featuredImage: "/media/plan.png" }, admin.token);
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.errors?.featuredImageAlt).toBeDefined();
    const stored = await t()
      .database.db.selectFrom("articles")
      .select(["title", "featured_image"])
      .where("id", "=", ok.body.data._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: "Four pictures", featured_image: "" });
  });

  it("checks access before input: signed out 401, a learner 403", async () => {
    const learner = await signedInUser(t().app, t().database.db);
    expect((await api(t().app, "POST", "/api/v1/blogs", { ...ARTICLE, markdown: "![](/x.png)" })).status).toBe(401);
    expect((await api(t().app, "POST", "/api/v1/blogs", { ...ARTICLE, markdown: "![](/x.png)" }, learner.token)).status).toBe(403);
  });

  it("serves the featured image's size and variants, and the body's images as <picture>s only once their variants exist", async () => {
    const admin = await signedInUser(t().app, t().database.db, { admin: true });
    const [hero, ...body] = await Promise.all([upload(1600), upload(800), upload(800), upload(800)]);
    if (!hero) throw new Error("no upload");
    const markdown = body.map((image, i) => `Paragraph ${i}\n\n![Figure ${i}](${image.url})`).join("\n\n");
    const created = await api(
      t().app,
      "POST",
      "/api/v1/blogs",
      { ...ARTICLE, slug: "hero-and-figures", markdown, featuredImage: hero.url, featuredImageAlt: "A solar roof" },
      admin.token,
    );
    expect(created.status).toBe(201);
    // The editor's copy keeps the stored body as it was written.
    expect(created.body.data.content).not.toContain("<picture>");

    await t().app.jobs.idle(120_000);
    const read = await api(t().app, "GET", "/api/v1/blogs/hero-and-figures");
    expect(read.status).toBe(200);
    expect(read.body.data.featuredImageVariants).toEqual({ width: 1600, height: 800, widths: [320, 640, 960, 1280, 1600] });
    const content: string = read.body.data.content;
    expect(content.match(/<picture>/g)).toHaveLength(3);
    const first = body[0]?.url.replace(/\.jpg$/, "") ?? "";
    expect(content).toContain(`<source type="image/avif" srcset="${first}-320.avif 320w, ${first}-640.avif 640w, ${first}-800.avif 800w"`);
    expect(content).toContain(`<source type="image/webp" srcset="${first}-320.webp 320w`);
    expect(content).toMatch(
      new RegExp(`<img src="${first}\\.jpg" alt="Figure 0" width="800" height="400" loading="lazy" decoding="async" srcset="${first}-320\\.jpg 320w`),
    );
    const list = await api(t().app, "GET", "/api/v1/blogs?search=pictures");
    expect(list.body.data.find((a: { slug: string }) => a.slug === "hero-and-figures")?.featuredImageVariants?.widths).toHaveLength(5);
  });

  it("names no variant of an image whose variants are not made yet: the uploaded image alone, with its size", async () => {
    const admin = await signedInUser(t().app, t().database.db, { admin: true });
    const image = await upload(640);
    await t().app.jobs.idle(60_000);
    await t().database.db.deleteFrom("media_variants").where("media_id", "=", image._id).execute();
    await t().database.db.updateTable("media").set({ variant_widths: "" }).where("id", "=", image._id).execute();
    await api(
      t().app,
      "POST",
      "/api/v1/blogs",
      { ...ARTICLE, slug: "pending-variants", markdown: `![Pending](${image.url})`, featuredImage: image.url, featuredImageAlt: "Pending" },
      admin.token,
    );
    const read = await api(t().app, "GET", "/api/v1/blogs/pending-variants");
    expect(read.body.data.featuredImageVariants).toEqual({ width: 640, height: 320, widths: [] });
    expect(read.body.data.content).not.toContain("<picture>");
    expect(read.body.data.content).not.toContain("srcset");
    expect(read.body.data.content).toContain(`<img src="${image.url}" alt="Pending" width="640" height="320" loading="lazy" decoding="async" />`);
  });
});
