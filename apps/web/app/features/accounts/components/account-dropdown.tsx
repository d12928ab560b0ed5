import { GraduationCap, LayoutDashboard, LogOut, Settings } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MY_LEARNING_COPY, MY_LEARNING_PATH } from "~/features/my-learning";
import { useAuth } from "~/lib/session/auth-store";

/**
 * The signed-in member's menu: greeting, My learning, Account settings, Admin console for
 * administrators, Sign Out. The header's account area (account-menu.tsx) loads it and hands it the
 * chip it opens from (`children`), the greeting and the sign-out.
 */
export default function AccountDropdown({
  name,
  greeting,
  onSignOut,
  chipClassName,
  children,
}: {
  name: string;
  greeting: string;
  onSignOut: () => void;
  chipClassName: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  return (
    <DropdownMenu.Root modal={false}>
      {/* The name is said from the chip's own words, so what a person sees is what a voice user says. */}
      <DropdownMenu.Trigger className={chipClassName}>
        <span className="sr-only">Account menu for </span>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-2xl border border-line bg-white p-2 text-ink shadow-xl">
          <div className="px-3 py-2">
            <p className="text-sm font-semibold">
              {greeting}, {name}!
            </p>
            {auth.user?.email && <p className="truncate text-xs text-muted">{auth.user.email}</p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild>
            <Link to={MY_LEARNING_PATH} className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface">
              <GraduationCap aria-hidden="true" className="size-4" /> {MY_LEARNING_COPY.navLabel}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/account" className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface">
              <Settings aria-hidden="true" className="size-4" /> Account settings
            </Link>
          </DropdownMenu.Item>
          {auth.user?.role === "admin" && (
            <DropdownMenu.Item asChild>
              <a href="/admin" className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface">
                <LayoutDashboard aria-hidden="true" className="size-4" /> Admin console
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
