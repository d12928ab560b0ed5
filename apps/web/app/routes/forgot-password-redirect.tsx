import { redirect } from "react-router";
import type { Route } from "./+types/forgot-password-redirect";

/** Old reset links pointed here; keep their token and email. */
export async function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  throw redirect(`/reset-password${search}`, 301);
}

export default function ForgotPasswordRedirect() {
  return null;
}
