import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin: Own more. Risk less.",
    description: "Fractional investment in real estate, renewable energy, bitcoin mining and carbon credits, from $100, with custody, KYC and compliance built in.",
  });

export default function HomePage() {
  return <PageHeader eyebrow="Real-world assets, tokenized" title="Own more. Risk less." intro="Fractional ownership of real estate, renewable energy, bitcoin mining and carbon credits, from as little as $100." />;
}
