import { adminMeta } from "~/features/admin/admin-meta";
import { AirdropReview } from "~/features/admin/airdrop/airdrop-review";
import type { Route } from "./+types/admin.airdrop";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Airdrop review");

export default function AdminAirdropPage() {
  return <AirdropReview />;
}
