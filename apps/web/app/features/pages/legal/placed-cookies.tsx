import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import placedCookies from "~/content/legal/cookies-placed.json";

type PlacedCookie = (typeof placedCookies)[number];

const CATEGORY: Record<string, { label: string; tone: BadgeTone }> = {
  functional: { label: "Functional", tone: "success" },
  analytics: { label: "Analytics", tone: "teal" },
  embeds: { label: "Embedded videos", tone: "violet" },
};

const STORED_AS: Record<string, string> = {
  localStorage: "Local storage item",
  sessionStorage: "Session storage item (this tab only)",
  "third-party": "The provider's own cookies and storage, on its domain",
};

function CookieFacts({ cookie }: { cookie: PlacedCookie }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
      <dt className="font-semibold text-ink">Purpose</dt>
      <dd>{cookie.purpose}</dd>
      <dt className="font-semibold text-ink">Provider</dt>
      <dd>{cookie.provider}</dd>
      <dt className="font-semibold text-ink">Duration</dt>
      <dd>{cookie.duration}</dd>
      <dt className="font-semibold text-ink">Stored as</dt>
      <dd>{STORED_AS[cookie.type] ?? cookie.type}</dd>
    </dl>
  );
}

/** One expandable card per cookie or storage item the site places (content/legal/cookies-placed.json). */
export function PlacedCookies() {
  return (
    <section id="cookies-we-place" aria-labelledby="cookies-we-place-heading" className="mt-14 scroll-mt-28">
      <h2 id="cookies-we-place-heading" className="text-2xl font-bold tracking-tight text-ink">
        Cookies and storage we place
      </h2>
      <p className="mt-2 max-w-[72ch] text-muted">Open a card to see what an item is for, who sets it and how long it lasts.</p>
      <Accordion type="multiple" className="mt-6 grid gap-3">
        {placedCookies.map((cookie) => {
          const category = CATEGORY[cookie.category] ?? { label: cookie.category, tone: "neutral" as const };
          return (
            <AccordionItem key={cookie.name} value={cookie.name} data-cookie-card={cookie.name}>
              <AccordionTrigger>
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <code className="break-all font-mono text-[15px] text-ink">{cookie.name}</code>
                  <Badge tone={category.tone}>{category.label}</Badge>
                </span>
              </AccordionTrigger>
              <AccordionContent>
                <CookieFacts cookie={cookie} />
              </AccordionContent>
            </AccordionItem>
          );
        })}
      </Accordion>
    </section>
  );
}
