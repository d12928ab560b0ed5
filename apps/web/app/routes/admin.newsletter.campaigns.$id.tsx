import { adminMeta } from "~/features/admin/admin-meta";
import { CampaignEditor } from "~/features/admin/newsletter/campaign-editor";
import type { Route } from "./+types/admin.newsletter.campaigns.$id";

export const meta: Route.MetaFunction = (args) => adminMeta(args, args.params.id === "new" ? "New campaign" : "Campaign");

/** /admin/newsletter/campaigns/new starts a draft; any other id opens that campaign. */
export default function AdminCampaignPage({ params }: Route.ComponentProps) {
  return <CampaignEditor id={params.id} />;
}
