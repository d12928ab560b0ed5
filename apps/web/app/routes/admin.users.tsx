import { adminMeta } from "~/features/admin/admin-meta";
import { UsersList } from "~/features/admin/users/users-list";
import type { Route } from "./+types/admin.users";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Users");

export default function AdminUsersPage() {
  return <UsersList />;
}
