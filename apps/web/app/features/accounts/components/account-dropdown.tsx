import { GraduationCap, LayoutDashboard, LogOut, Settings } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { displayName } from "@vestin/shared/accounts-core";
import { MY_LEARNING_COPY } from "~/features/my-learning/copy";
import { MY_LEARNING_PATH } from "~/features/my-learning/paths";
import { useAuth } from "~/lib/session/auth-store";
import { ACCOUNT_CHIP_CLASS, AccountChipFace, useGreeting, useSignOut } from "./account-menu";

/** The signed-in member's menu: greeting, My learning, Account settings, Admin console for administrators, Sign Out. */
export default function AccountDropdown() {
  const auth = useAuth();
  const greeting = useGreeting();
  const handleSignOut = useSignOut();
  const name = displayName(auth.user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={ACCOUNT_CHIP_CLASS} aria-label={`Account menu for ${name}`}>
        <AccountChipFace name={name} />
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
            onSelect={() => void handleSignOut()}
            className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
