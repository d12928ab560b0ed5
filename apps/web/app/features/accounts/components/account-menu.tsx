import { ChevronDown, LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { displayName } from "@vestin/shared/accounts";
import { Button, ButtonLink } from "~/components/ui/button";
import { signOut, useAuth } from "../auth-store";

const GREETINGS = ["Hello", "Welcome back", "Good to see you", "Hi there", "Great to have you here"];

function useGreeting(): string {
  const [greeting, setGreeting] = useState(GREETINGS[0] ?? "Hello");
  useEffect(() => setGreeting(GREETINGS[Math.floor(Math.random() * GREETINGS.length)] ?? "Hello"), []);
  return greeting;
}

function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    navigate("/learn");
  };
}

/** Header account area: Sign In for visitors, a profile chip with a greeting and Sign Out for members. */
export function AccountMenu() {
  const auth = useAuth();
  const greeting = useGreeting();
  const handleSignOut = useSignOut();

  if (auth.isLoading) return <span aria-hidden="true" className="inline-block h-9 w-24" />;
  if (!auth.isAuthenticated) {
    return (
      <ButtonLink to="/signin" variant="light" size="sm">
        Sign In
      </ButtonLink>
    );
  }
  const name = displayName(auth.user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex h-9 items-center gap-2 rounded-full border border-white/20 bg-white/10 pl-1 pr-3 text-sm font-medium text-white hover:bg-white/20"
        aria-label={`Account menu for ${name}`}
      >
        <span aria-hidden="true" className="inline-flex size-7 items-center justify-center rounded-full bg-brand-gradient text-xs font-bold">
          {name.charAt(0).toUpperCase()}
        </span>
        <span data-testid="profile-name">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
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
            <a href="/learn/courses" className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface">
              <UserRound aria-hidden="true" className="size-4" /> My courses
            </a>
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

/** The mobile menu's account actions: Sign In and Sign Up, or the member's name and Sign Out. */
export function MobileAccountActions({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const greeting = useGreeting();
  const handleSignOut = useSignOut();
  if (auth.isAuthenticated) {
    return (
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm">
          {greeting}, <span className="font-semibold">{displayName(auth.user)}</span>
        </p>
        <Button
          variant="outline"
          onClick={() => {
            onNavigate();
            void handleSignOut();
          }}
        >
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      <ButtonLink to="/signin" variant="outline" onClick={onNavigate}>
        Sign In
      </ButtonLink>
      <ButtonLink to="/signup" onClick={onNavigate}>
        Sign Up
      </ButtonLink>
    </div>
  );
}
