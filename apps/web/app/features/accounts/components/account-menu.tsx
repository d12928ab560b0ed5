import { ButtonLink } from "~/components/ui/button";

/** Header account area: Sign In for visitors (the profile chip arrives with accounts). */
export function AccountMenu() {
  return (
    <ButtonLink to="/signin" variant="light" size="sm">
      Sign In
    </ButtonLink>
  );
}

/** The mobile menu's account actions: Sign In and Sign Up. */
export function MobileAccountActions({ onNavigate }: { onNavigate: () => void }) {
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
