import { adminMeta } from "~/features/admin/admin-meta";
import { ReferralClusters } from "~/features/admin/referrals/referral-clusters";
import type { Route } from "./+types/admin.referrals";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Referral clusters");

export default function AdminReferralsPage() {
  return <ReferralClusters />;
}
