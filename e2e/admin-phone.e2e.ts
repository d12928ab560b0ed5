import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWallet } from "./lead-support.ts";
import { expectAccessible, learnerApi } from "./learner-support.ts";
import {
  adminSessionToken,
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  jsErrors,
  PHONE,
  registerAccount,
  startIsolatedServer,
  type IsolatedServer,
  signedInAdminPage,
  useBrowser,
  visitorAddress,
  pageLoaderGone,
} from "./support.ts";

/*
 * The console on a phone (390 px) and a laptop (1280 px): every page fits the screen, every table
 * fits its frame (cards on a phone, a table that scrolls inside its frame above), every tab of a
 * tab bar can be reached, the filters fold away on a phone, row actions can be used. Screenshots
 * of every page at both widths go to CONSOLE_SHOTS_DIR to be looked at.
 */

const SHOTS = process.env.CONSOLE_SHOTS_DIR ?? path.join(os.tmpdir(), "vestin-console-screenshots");
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Pia", lastName: "Phone", email: `phone.admin.${stamp}@example.com`, password: "phone-console-pass" };
/** An address longer than a phone's column: it must wrap, whole, never be cut off. */
const LONG_EMAIL = `maria-jose.fernandez-oliveira.${stamp}@investments.lisbon-real-estate-partners.example.com`;
const LEAD_NAME = `Fernandez${stamp}`;
const COURSE = `Reading a tokenized lease ${stamp}`;
const TABS = ["Contacts", "Partners", "Presale", "Waitlist", "Airdrop"];

const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

async function post<T>(p: string, body: unknown, token?: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server().url}/api/v1${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": visitorAddress(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

/** A learner enrolled in the course; answers their token and address. */
async function enrolledLearner(courseId: string, name: string) {
  const email = `${name}.${stamp}@example.com`;
  const res = await registerAccount(server().url, { firstName: name, lastName: "Learner", email, password: "learner-pass" });
  expect(res.status).toBe(201);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  expect((await learnerApi(`/courses/${courseId}/enroll`, { method: "POST", token, base: server().url })).status).toBe(201);
  return { token, email };
}

/** A screenshot to look at: the whole page (a screen as tall as the page), toasts left out. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => {
    for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]")) toaster.style.visibility = "hidden";
  });
  await pageLoaderGone(page);
  const screen = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (screen) await page.setViewportSize({ width: screen.width, height: Math.max(height, screen.height) });
  await page.screenshot({ path: path.join(SHOTS, `console-${name}.png`) });
  if (screen) await page.setViewportSize(screen);
  await page.evaluate(() => {
    for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]")) toaster.style.visibility = "";
  });
}

/** The course editor's line under its title: the course's status, lessons and enrolments. */
const facts = (page: Page) =>
  page
    .locator("span", { hasText: /lessons · / })
    .last()
    .textContent()
    .then((text) => text?.replace(/\s+/g, " ").trim());

/** What sticks out sideways: the page past the screen, and each table past its frame (in px). */
function overflows(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll("table")]
      .filter((table) => table.offsetParent !== null && !table.closest("details:not([open])"))
      .map((table) => {
        const frame = table.closest<HTMLElement>('[role="region"]') ?? table.parentElement!;
        const content = document.getElementById("admin-content")!.getBoundingClientRect();
        const box = frame.getBoundingClientRect();
        // A frame that scrolls holds its table; the frame itself stays inside the page's column.
        const spill = getComputedStyle(frame).overflowX === "auto" ? 0 : Math.max(0, table.scrollWidth - frame.clientWidth);
        return { name: frame.getAttribute("aria-label") ?? "table", out: Math.max(spill, Math.round(box.right - content.right)) };
      })
      .filter((table) => table.out > 0),
  }));
}

/** Whether a tab is wholly inside the visible part of its tab bar. */
const shownWhole = (tab: Locator) =>
  tab.evaluate((el) => {
    const a = el.getBoundingClientRect();
    const b = el.closest('[role="tablist"]')!.getBoundingClientRect();
    return a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
  });

/**
 * A server of this file's own: the course it creates (published, so learners can enrol) must not
 * show in the catalogue other files count on the shared server.
 */
let own: IsolatedServer | undefined;
const server = (): IsolatedServer => {
  if (!own) throw new Error("the console's server has not started");
  return own;
};

describe("the console on a phone and a laptop", () => {
  const browser = useBrowser();
  let courseId = "";
  let first: { token: string; email: string };
  afterAll(async () => {
    await own?.stop();
  });

  beforeAll(async () => {
    own = await startIsolatedServer();
    await createAdminOn(server(), ADMIN);
    const token = await adminSessionToken(server(), ADMIN);
    const contact = await post("/contacts", {
      firstName: "Maria José",
      lastName: LEAD_NAME,
      email: LONG_EMAIL,
      confirmEmail: LONG_EMAIL,
      country: "PT",
      comments: "We hold four office buildings in Lisbon and want to offer shares in one of them.",
      consent: true,
    });
    expect(contact.status).toBe(201);
    const presale = await post("/presale", {
      email: `presale.${stamp}@example.com`,
      fullName: "Lena Hartmann",
      walletAddress: freshWallet(),
      cryptoExperience: "Intermediate",
      investmentRange: "$1,000 - $5,000",
      reference: "Friend referral",
      additionalInfo: "diversification",
    });
    expect(presale.status).toBe(201);
    const course = await post<{ _id: string }>(
      "/courses",
      { title: COURSE, description: "What a lease says about the income a token pays.", category: "Advanced Topics", difficulty: "Intermediate" },
      token,
    );
    expect(course.status).toBe(201);
    courseId = course.data._id;
    for (const [i, title] of ["Who pays whom", "Break clauses and what they cost"].entries()) {
      const lesson = await post("/lessons", { courseId, title, markdown: `## ${title}\n\nThe lease, read clause by clause.`, duration: `${8 + i} min` }, token);
      expect(lesson.status).toBe(201);
    }
    first = await enrolledLearner(courseId, "first");
    // A learner who stays, in a course of the catalogue: the account page and its enrolments table.
    const catalogue = (await (await learnerApi("/courses?limit=1", { base: server().url })).json()) as { data: Array<{ _id: string }> };
    await enrolledLearner(catalogue.data[0]!._id, "staying");
  }, 120_000);

  it("at 390 px: the inbox's tabs are all reachable, the filters fold away, rows are cards with whole e-mail addresses", async () => {
    const { page, context } = await signedInAdminPage(browser(), server(), ADMIN, "/admin/leads", "Leads inbox", PHONE);
    const tabs = page.getByRole("tablist", { name: "Kind of lead" });
    // The filters are folded: the first screen shows the leads.
    const filters = page.getByRole("button", { name: /^Filters/ });
    expect(await filters.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("searchbox", { name: "Search" }).isVisible()).toBe(false);
    const firstCard = page
      .getByRole("region", { name: /Contacts/ })
      .getByRole("row")
      .nth(1);
    await poll(() => firstCard.isVisible()).toBe(true);
    const cardTop = (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(cardTop).toBeLessThan(PHONE.height - 120);
    await shoot(page, "leads-390");
    await expectAccessible(page, "leads inbox on a phone");

    // More tabs than the screen holds: a button shows them, and each can be opened.
    const more = page.getByRole("button", { name: "Show more tabs" });
    await poll(() => more.isVisible()).toBe(true);
    for (const name of TABS.slice(1)) {
      const tab = tabs.getByRole("tab", { name: new RegExp(`^${name}`) });
      while (!(await shownWhole(tab))) {
        const before = await tabs.evaluate((el) => el.scrollLeft);
        await more.click();
        await poll(() => tabs.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
      }
      await tab.click();
      await poll(() => tab.getAttribute("aria-selected")).toBe("true");
      await poll(() => shownWhole(tab)).toBe(true);
    }
    await poll(() => page.getByRole("button", { name: "Show earlier tabs" }).isVisible()).toBe(true);
    await shoot(page, "leads-airdrop-390");

    // Opened on the last tab, the bar scrolls it into view by itself. The link uses the tab's earlier
    // key, as in links already e-mailed to the team: it still opens the airdrop claims.
    await page.goto("/admin/leads?type=pioneers");
    await page.getByRole("heading", { level: 1, name: "Leads inbox" }).waitFor();
    const airdrop = tabs.getByRole("tab", { name: /^Airdrop/ });
    await poll(() => airdrop.getAttribute("aria-selected")).toBe("true");
    await poll(() => shownWhole(airdrop)).toBe(true);

    // The long address is shown whole, wrapped inside its card.
    await page.goto(`/admin/leads?search=${LEAD_NAME}`);
    await page.getByRole("heading", { level: 1, name: "Leads inbox" }).waitFor();
    expect(await filters.textContent()).toContain("1 set");
    const email = page.getByRole("region", { name: /Contacts/ }).getByText(LONG_EMAIL);
    await poll(() => email.isVisible()).toBe(true);
    expect(await email.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, lines: Math.round(el.getBoundingClientRect().height / 20) }))).toMatchObject({
      cut: false,
    });
    expect((await email.boundingBox())?.height ?? 0).toBeGreaterThan(25); // wrapped onto more than one line
    await filters.click();
    expect(await filters.getAttribute("aria-expanded")).toBe("true");
    await poll(() => page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe(LEAD_NAME);
    await shoot(page, "leads-filters-open-390");
    await expectAccessible(page, "leads inbox with the filters open on a phone");
    // The row's name still opens the lead.
    await page.getByRole("button", { name: `Maria José ${LEAD_NAME}` }).click();
    await poll(() => page.getByRole("dialog", { name: `Maria José ${LEAD_NAME}` }).isVisible()).toBe(true);
    expect(await overflows(page)).toEqual({ page: 0, tables: [] });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("at 390 px: the course editor's lessons are cards whose Edit and Delete work, and it counts enrolments in words", async () => {
    const { page, context } = await signedInAdminPage(browser(), server(), ADMIN, `/admin/courses/${courseId}`, COURSE, PHONE);
    await poll(() => facts(page)).toBe("Published 2 lessons · 1 enrolment");
    const lessons = page.getByRole("region", { name: "Lessons of this course" });
    for (const n of [1, 2]) {
      for (const action of ["Edit", "Delete"]) {
        const button = lessons.getByRole("button", { name: `${action} lesson ${n}` });
        expect(await button.isVisible()).toBe(true);
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      }
    }
    await shoot(page, "course-editor-390");
    await expectAccessible(page, "course editor on a phone");
    expect(await overflows(page)).toEqual({ page: 0, tables: [] });

    await lessons.getByRole("button", { name: "Delete lesson 2" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this lesson?" });
    await poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await poll(() => confirm.count()).toBe(0);
    await lessons.getByRole("button", { name: "Edit lesson 1" }).click();
    await poll(() => page.getByRole("textbox", { name: /^Title/ }).inputValue()).toBe("Who pays whom");
    await page.getByRole("button", { name: "Back to the lessons" }).click();
    await poll(() => lessons.getByRole("button", { name: "Edit lesson 1" }).isVisible()).toBe(true);

    // A second learner, then the first deletes their account: the count follows, in words.
    const second = await enrolledLearner(courseId, "second");
    await page.reload();
    await poll(() => facts(page)).toBe("Published 2 lessons · 2 enrolments");
    const deleted = await learnerApi("/me/delete", {
      method: "POST",
      token: first.token,
      body: { email: first.email, password: "learner-pass" },
      base: server().url,
    });
    expect(deleted.status).toBe(200);
    await page.reload();
    await poll(() => facts(page)).toBe("Published 2 lessons · 1 enrolment");
    expect(second.email).not.toBe(first.email);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  const pages = (): Array<[string, string]> => [
    ["/admin", "Dashboard"],
    ["/admin/leads", "Leads inbox"],
    ["/admin/leads?type=presale", "Leads inbox"],
    ["/admin/sources", "Sources"],
    ["/admin/airdrop", "Airdrop review"],
    ["/admin/articles", "Articles"],
    ["/admin/redirects", "Redirects"],
    ["/admin/courses", "Courses"],
    [`/admin/courses/${courseId}`, COURSE],
    ["/admin/users", "Users"],
    ["/admin/users?search=staying.", "Users"],
    ["/admin/webhooks", "Webhooks"],
    ["/admin/newsletter", "Newsletter"],
    ["/admin/privacy", "Privacy requests"],
    ["/admin/audit", "Audit log"],
  ];

  for (const [width, viewport] of [
    [390, PHONE],
    [1280, DESKTOP],
  ] as const) {
    // Every console page in turn, with axe on each: 45-54 s here on a quiet machine, so more than the default minute.
    it(`at ${width} px: every console page fits the screen, every table its frame, with no accessibility violation`, { timeout: 180_000 }, async () => {
      const { page, context } = await signedInAdminPage(browser(), server(), ADMIN, "/admin", "Dashboard", viewport);
      // An account with an enrolment, for the account page and its table.
      const token = await adminSessionToken(server(), ADMIN);
      const found = (await (await learnerApi(`/admin/users?search=${encodeURIComponent(`staying.${stamp}`)}`, { token, base: server().url })).json()) as {
        data: Array<{ _id: string }>;
      };
      expect(found.data).toHaveLength(1);
      const account: Array<[string, string]> = [[`/admin/users/${found.data[0]!._id}`, "staying Learner"]];
      for (const [to, heading] of [...pages(), ...account]) {
        await page.goto(to);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 15_000 });
        await poll(() => page.locator('[aria-busy="true"], [data-loading]').count()).toBe(0);
        await page.waitForLoadState("networkidle");
        const name = `${to.replace(/^\/admin\/?/, "").replace(/[^\w]+/g, "-") || "dashboard"}-${width}`.replace(courseId, "course");
        await shoot(page, name);
        expect(await overflows(page), to).toEqual({ page: 0, tables: [] });
        await expectAccessible(page, `${to} at ${width} px`);
        // Every tab of every tab bar can be reached: inside the bar's visible part, or behind its arrow button.
        for (const bar of await page.getByRole("tablist").all()) {
          const hidden = await bar.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const tabs = [...el.querySelectorAll('[role="tab"]')].map((tab) => tab.getBoundingClientRect());
            return { before: tabs.some((tab) => tab.left < box.left - 0.5), after: tabs.some((tab) => tab.right > box.right + 0.5) };
          });
          const edge = bar.locator("xpath=..");
          expect(await edge.getByRole("button", { name: "Show earlier tabs" }).isVisible(), `${to}: earlier tabs`).toBe(hidden.before);
          expect(await edge.getByRole("button", { name: "Show more tabs" }).isVisible(), `${to}: more tabs`).toBe(hidden.after);
        }
      }
      expect(jsErrors(page)).toEqual([]);
      await context.close();
    });
  }
});
