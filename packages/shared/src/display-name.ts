/** The header's name rule: first name, else last name, else the e-mail's local part, else "User". */
export function displayName(
  user: { firstName?: string | null | undefined; lastName?: string | null | undefined; email?: string | null | undefined } | null | undefined,
): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const last = user?.lastName?.trim();
  if (last) return last;
  const local = user?.email?.split("@")[0]?.trim();
  return local || "User";
}
