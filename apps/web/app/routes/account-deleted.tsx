import { AccountDeleted } from "~/features/accounts/components/account-deleted";
import { ACCOUNT_COPY } from "~/features/accounts/own-account-copy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/account-deleted";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: ACCOUNT_COPY.deletedTitle, description: "What deleting a Vestin account removes, and what the law has us keep.", noindex: true });

/** /account/deleted: where deleting the account ends (outside the member's pages, so no sign-in guard sends anyone on). */
export default function AccountDeletedPage() {
  return <AccountDeleted />;
}
