import { CookieConsentPanel } from "~/features/pages/legal/cookie-consent-panel";
import { PlacedCookies } from "~/features/pages/legal/placed-cookies";
import { legalDocument } from "~/features/pages/legal/legal-documents.server";
import { LegalPage } from "~/features/pages/legal/legal-page";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies and storage Vestin uses, why, and how to change your consent.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export function loader() {
  return legalDocument("cookies");
}

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Cookie Policy"
      doc={loaderData}
      extraToc={{
        before: [{ id: "your-choices", title: "Your cookie choices" }],
        after: [{ id: "cookies-we-place", title: "Cookies and storage we place" }],
      }}
      before={<CookieConsentPanel />}
      after={<PlacedCookies />}
    />
  );
}
