import { adminMeta } from "~/features/admin/admin-meta";
import { QuestsPage } from "~/features/admin/quests/quests-page";
import type { Route } from "./+types/admin.quests";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Quests");

export default function AdminQuestsPage() {
  return <QuestsPage />;
}
