import { Lock } from "lucide-react";
import { Dialog } from "radix-ui";
import { LEARNING_MESSAGES } from "@vestin/shared/learning-core";
import { ButtonLink } from "~/components/ui/button";
import { signInPath } from "~/lib/session/redirects";
import type { CourseOpener } from "../use-course-opener";
import { DialogShell } from "./dialog-shell";

/** Sign In or Create Account, each coming back to `returnTo` afterwards, and the note under them. */
export function SignInChoices({ returnTo }: { returnTo: string }) {
  return (
    <>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <ButtonLink to={signInPath(returnTo)}>Sign In</ButtonLink>
        <ButtonLink to={`/signup?redirect=${encodeURIComponent(returnTo)}`} variant="outline">
          Create Account
        </ButtonLink>
      </div>
      <p className="mt-5 text-xs text-muted">{LEARNING_MESSAGES.loginRequiredNote}</p>
    </>
  );
}

/** Shown when a visitor who is not signed in opens a course or tries to enrol. */
export function LoginRequiredDialog({ open, onOpenChange, returnTo }: { open: boolean; onOpenChange: (open: boolean) => void; returnTo: string }) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-violet/10 text-brand-violet">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <Dialog.Title className="mt-4 text-xl font-bold">Login Required</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">{LEARNING_MESSAGES.loginRequired}</Dialog.Description>
      <SignInChoices returnTo={returnTo} />
    </DialogShell>
  );
}

/** The dialog of a list of courses: open while the visitor's chosen course waits in the opener, which it returns to after sign-in. */
export function CourseListLoginDialog({ opener }: { opener: Pick<CourseOpener, "loginFor" | "closeLogin"> }) {
  return (
    <LoginRequiredDialog open={opener.loginFor !== null} onOpenChange={(open) => !open && opener.closeLogin()} returnTo={opener.loginFor ?? "/learn/courses"} />
  );
}
