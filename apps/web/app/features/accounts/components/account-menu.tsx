import { ChevronDown } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { displayName } from "@vestin/shared/display-name";
import { Button, ButtonLink } from "~/components/ui/button";
import { signOut, useAuth } from "~/lib/session/auth-store";

// The member's dropdown (Radix menu and its positioning code) loads only for signed-in members; it
// is handed what it shows from here, so it needs nothing of this module.
const AccountDropdown = lazy(() => import("./account-dropdown"));

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
    await navigate("/learn");
  };
}

const ACCOUNT_CHIP_CLASS =
  "inline-flex h-9 items-center gap-2 rounded-full border border-white/20 bg-white/10 pl-1 pr-3 text-sm font-medium text-white hover:bg-white/20";

/** The profile chip's face: the member's initial, name and a chevron. */
function AccountChipFace({ name }: { name: string }) {
  return (
    <>
      <span aria-hidden="true" className="inline-flex size-7 items-center justify-center rounded-full bg-brand-gradient text-xs font-bold">
        {name.charAt(0).toUpperCase()}
      </span>
      <span data-testid="profile-name">{name}</span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  );
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
  const face = <AccountChipFace name={name} />;
  return (
    <Suspense fallback={<span className={ACCOUNT_CHIP_CLASS}>{face}</span>}>
      <AccountDropdown name={name} greeting={greeting} onSignOut={() => void handleSignOut()} chipClassName={ACCOUNT_CHIP_CLASS}>
        {face}
      </AccountDropdown>
    </Suspense>
  );
}

/** The mobile menu's account actions: Sign In and Sign Up, or the member's name, Account settings and Sign Out. */
export function MobileAccountActions({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const greeting = useGreeting();
  const handleSignOut = useSignOut();
  if (auth.isAuthenticated) {
    return (
      <div className="grid gap-3">
        <p className="text-sm">
          {greeting}, <span className="font-semibold">{displayName(auth.user)}</span>
        </p>
        <div className="grid grid-cols-2 gap-3">
          <ButtonLink to="/account" variant="outline" onClick={onNavigate}>
            Account settings
          </ButtonLink>
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
