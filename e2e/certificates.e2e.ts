import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { enrolAndComplete, expectAccessible, gotoHydrated, learnerPage, passAssessment, signInAsNewLearner } from "./learner-support.ts";
import { baseURL, DESKTOP, jsErrors, PHONE, useBrowser } from "./support.ts";

// A course no other browser test enrols in (they share one server and run in parallel).
const COURSE = "advanced-01-defi-composability";

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** The four share links of the certificate page: where each points and the text it carries. */
async function shareLinks(page: Page) {
  const group = page.getByRole("group", { name: "Share this certificate" });
  const href = async (name: string) => new URL((await group.getByRole("link", { name }).getAttribute("href")) ?? "");
  const [x, linkedIn, telegram, whatsapp] = await Promise.all(["Share on X", "Share on LinkedIn", "Share on Telegram", "Share on WhatsApp"].map(href));
  if (!x || !linkedIn || !telegram || !whatsapp) throw new Error("a share link is missing");
  return {
    urls: [x.searchParams.get("url"), linkedIn.searchParams.get("url"), telegram.searchParams.get("url")],
    texts: { x: x.searchParams.get("text") ?? "", telegram: telegram.searchParams.get("text") ?? "", whatsapp: whatsapp.searchParams.get("text") ?? "" },
  };
}

/** The page has settled whether the person looking is the certificate's holder. */
const ownerChecked = (page: Page) => expect.poll(() => page.getByTestId("certificate-actions").getAttribute("data-owner-check")).toBe("done");

describe("certificate page in the browser", () => {
  const browser = useBrowser();

  it("shares the configured address with the course named once; Add to LinkedIn and the PDF are for the holder only", async () => {
    const { page: holder, context: holderContext } = await learnerPage(browser(), DESKTOP);
    const token = await signInAsNewLearner(holder, "Ines", "Moreau");
    await enrolAndComplete(token, COURSE);
    const code = await passAssessment(token, COURSE);
    const course = ((await (await fetch(`${baseURL()}/api/v1/courses/${COURSE}`)).json()) as { data: { title: string } }).data.title;
    const verifyUrl = `${baseURL()}/learn/certificates/${code}`;

    await gotoHydrated(holder, `/learn/certificates/${code}`);
    await expect.poll(() => holder.getByRole("button", { name: "Download PDF" }).isVisible()).toBe(true);
    const addToProfile = holder.getByRole("link", { name: /Add to LinkedIn profile/ });
    expect(new URL((await addToProfile.getAttribute("href")) ?? "").searchParams.get("certUrl")).toBe(verifyUrl);
    const shared = await shareLinks(holder);
    // Every share link is the address "Add to LinkedIn profile" and the PDF carry: PUBLIC_URL's.
    expect(shared.urls).toEqual([verifyUrl, verifyUrl, verifyUrl]);
    expect(shared.texts.whatsapp).toContain(verifyUrl);
    for (const [network, text] of Object.entries(shared.texts)) {
      expect(occurrences(text, course), `${network}: ${text}`).toBe(1);
      expect(text, network).toContain("Ines Moreau");
      expect(text, network).not.toContain("vestin.io");
    }
    await expectAccessible(holder, "certificate, its holder, 1280 px");
    expect(jsErrors(holder)).toEqual([]);
    await holderContext.close();

    // A visitor: the certificate and its share links, no profile or PDF actions.
    const { page: visitor, context: visitorContext } = await learnerPage(browser(), PHONE);
    await gotoHydrated(visitor, `/learn/certificates/${code}`);
    await ownerChecked(visitor);
    expect(await visitor.getByText("Ines Moreau").isVisible()).toBe(true);
    expect(await visitor.getByRole("link", { name: /Add to LinkedIn profile/ }).count()).toBe(0);
    expect(await visitor.getByRole("button", { name: "Download PDF" }).count()).toBe(0);
    expect((await shareLinks(visitor)).urls).toEqual([verifyUrl, verifyUrl, verifyUrl]);
    await expectAccessible(visitor, "certificate, a visitor, 390 px");
    await visitorContext.close();

    // Another learner who finished the same course's lessons: not the holder of this certificate,
    // even where the course has no assessment to name its holder (the assessment answered 404 here).
    const { page: other, context: otherContext } = await learnerPage(browser(), DESKTOP);
    const otherToken = await signInAsNewLearner(other, "Tomas", "Berg");
    await enrolAndComplete(otherToken, COURSE);
    await other.route("**/api/v1/courses/*/assessment", (route) =>
      route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ success: false, message: "Assessment not found" }) }),
    );
    await gotoHydrated(other, `/learn/certificates/${code}`);
    await ownerChecked(other);
    expect(await other.getByRole("link", { name: /Add to LinkedIn profile/ }).count()).toBe(0);
    expect(await other.getByRole("button", { name: "Download PDF" }).count()).toBe(0);
    await otherContext.close();
    // Three people, two of them through a whole course: more than one page's journey.
  }, 120_000);
});
