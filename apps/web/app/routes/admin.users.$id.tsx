import { adminMeta } from "~/features/admin/admin-meta";
import { UserDetail } from "~/features/admin/users/user-detail";
import type { Route } from "./+types/admin.users.$id";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "User");

export default function AdminUserPage({ params }: Route.ComponentProps) {
  return <UserDetail key={params.id} id={params.id} />;
}
