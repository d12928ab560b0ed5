import { Lock, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import { ButtonLink } from "~/components/ui/button";
import { signInPath } from "~/lib/session/redirects";

/** Shown when a visitor who is not signed in opens a course or tries to enrol. */
export function LoginRequiredDialog({ open, onOpenChange, returnTo }: { open: boolean; onOpenChange: (open: boolean) => void; returnTo: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-white p-6 text-center shadow-2xl sm:p-8">
          <Dialog.Close className="absolute right-3 top-3 rounded-full p-2 text-muted hover:bg-slate-100" aria-label="Close">
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-violet/10 text-brand-violet">
            <Lock aria-hidden="true" className="size-6" />
          </span>
          <Dialog.Title className="mt-4 text-xl font-bold">Login Required</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">{LEARNING_MESSAGES.loginRequired}</Dialog.Description>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <ButtonLink to={signInPath(returnTo)}>Sign In</ButtonLink>
            <ButtonLink to={`/signup?redirect=${encodeURIComponent(returnTo)}`} variant="outline">
              Create Account
            </ButtonLink>
          </div>
          <p className="mt-5 text-xs text-muted">{LEARNING_MESSAGES.loginRequiredNote}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
