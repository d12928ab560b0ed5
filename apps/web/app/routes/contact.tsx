import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: "Talk to the Vestin team about tokenizing assets, partnering with us or investing. We answer every message.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function ContactPage() {
  return <PageHeader eyebrow="Contact" title="Contact Us" intro="Tell us about your assets or your question; a member of the team will get back to you shortly." />;
}
