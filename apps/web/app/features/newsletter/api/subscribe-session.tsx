import type { ReactNode } from "react";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import type { FormTokenAnswer } from "@vestin/shared/form-guard";
import { FORM_GUARD_MESSAGES, HONEYPOT_FIELD } from "@vestin/shared/form-guard-core";
import type { SubscribeInput } from "@vestin/shared/newsletter";
import { NEWSLETTER_MESSAGES, type SubscribeForm } from "@vestin/shared/newsletter-core";
import { ChallengeWidget } from "~/components/form-guard/challenge-widget";
import { apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { subscribeSendCopy as copy } from "../copy";

/*
 * The subscribe form's working part, loaded with import() when a visitor first focuses a
 * subscribe form (components/subscribe-form.tsx is only its markup, as it is in every page's first
 * JavaScript). It does what lib/form-guard.ts does for the lead forms: the form token is fetched
 * now (never baked into the cached page), a quicker-than-human submission waits for the minimum
 * fill time, and a spent or expired token is replaced at once. It also draws the form's states:
 * the field's error, an alert, the optional challenge, and the answer that replaces the form.
 */

/** What the form shows besides its fields. */
export type SubscribeView = {
  /** Under the field: its error, an alert, or the challenge. */
  extra?: ReactNode;
  /** The field has an error (its id is `${id}-error`). */
  invalid?: boolean;
  busy?: boolean;
  /** The answer, shown instead of the form. */
  done?: ReactNode;
};

export type SubscribeSession = { send(form: HTMLFormElement): Promise<void> };

type SessionOptions = {
  /** The e-mail field's id. */
  id: string;
  form: SubscribeForm;
  /** On the navy footer. */
  dark: boolean;
  show: (view: SubscribeView) => void;
};

/** A little past the server's minimum fill time, for clocks and the request's own travel. */
const MARGIN_MS = 300;
/** The shape of an address; the server's check (and its disposable-domain list) decides. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { ok: true; message: string } | { ok: false; message?: string; fieldError?: string };

/** Starts fetching a form token for one form; `send` submits it and shows the outcome. */
export function openSubscribeSession({ id, form: which, dark, show }: SessionOptions): SubscribeSession {
  let issued: { answer: FormTokenAnswer; receivedAt: number } | null = null;
  let challengeToken = "";
  let challengeRound = 0;
  let challengeWidget: ReactNode = null;
  let busy = false;

  const resetChallenge = () => {
    challengeToken = "";
    const challenge = issued?.answer.challenge;
    challengeRound += 1;
    challengeWidget = challenge ? (
      <div className="mt-3">
        <ChallengeWidget key={challengeRound} challenge={challenge} onToken={(token) => (challengeToken = token)} />
      </div>
    ) : null;
  };

  const refresh = async () => {
    // Offline: the submission goes without a token and the server's answer says what to do.
    const result = await apiRequest<FormTokenAnswer>("/form-token", { token: false });
    if (result.ok && typeof result.data?.token === "string") issued = { answer: result.data, receivedAt: Date.now() };
  };

  const render = (outcome: Outcome | null) => {
    if (outcome?.ok) {
      show({
        done: (
          <p
            role="status"
            tabIndex={-1}
            ref={(element) => element?.focus()}
            className={cn(
              "rounded-xl border px-4 py-3 text-sm leading-relaxed focus:outline-none",
              dark ? "border-emerald-300/30 bg-emerald-950/40 text-emerald-100" : "border-green-200 bg-success-bg text-success",
            )}
          >
            {outcome.message}
          </p>
        ),
      });
      return;
    }
    const fieldError = outcome?.fieldError;
    const alert = fieldError ? undefined : outcome?.message;
    show({
      busy,
      invalid: fieldError ? true : undefined,
      extra: (
        <>
          {fieldError && (
            <p id={`${id}-error`} className={cn("mt-2 text-sm font-medium", dark ? "text-red-300" : "text-danger")}>
              {fieldError}
            </p>
          )}
          {challengeWidget}
          {alert && (
            <p
              role="alert"
              className={cn(
                "mt-3 rounded-xl border px-4 py-3 text-sm",
                dark ? "border-red-300/40 bg-red-950/40 text-red-100" : "border-red-200 bg-danger-bg text-danger",
              )}
            >
              {alert}
            </p>
          )}
        </>
      ),
    });
  };

  const firstToken = refresh().then(() => {
    if (!issued?.answer.challenge) return;
    resetChallenge();
    render(null);
  });

  async function submit(fields: FormData): Promise<Outcome> {
    const email = String(fields.get("email") ?? "").trim();
    if (!email) return { ok: false, fieldError: ACCOUNT_MESSAGES.emailRequired };
    if (email.length > 254 || !EMAIL_SHAPE.test(email)) return { ok: false, fieldError: ACCOUNT_MESSAGES.emailInvalid };

    await firstToken;
    if (!issued) await refresh();
    const minFill = issued?.answer.minFillMs ?? 0;
    const wait = issued && minFill > 0 ? issued.receivedAt + minFill + MARGIN_MS - Date.now() : 0;
    if (wait > 0) await sleep(wait);

    const body: SubscribeInput = {
      email,
      form: which,
      page: window.location.pathname.slice(0, 300),
      ...(issued ? { formToken: issued.answer.token } : {}),
      [HONEYPOT_FIELD]: String(fields.get(HONEYPOT_FIELD) ?? ""),
      ...(challengeToken ? { challengeToken } : {}),
    };
    const result = await apiRequest<{ message?: unknown }>("/newsletter/subscriptions", {
      method: "POST",
      body,
      token: false,
      describe: ({ serverMessage, status }) => serverMessage ?? (status === 429 ? copy.tooMany : copy.failed),
      network: copy.networkError,
    });

    if (result.ok) return { ok: true, message: typeof result.data?.message === "string" ? result.data.message : NEWSLETTER_MESSAGES.subscribed };
    const errors = result.errors ?? {};
    if (errors.formToken && errors.formToken !== FORM_GUARD_MESSAGES.tooFast) {
      await refresh();
      resetChallenge();
      return { ok: false, message: FORM_GUARD_MESSAGES.refreshed };
    }
    if (errors.challengeToken) resetChallenge();
    if (errors.email) return { ok: false, fieldError: errors.email };
    return { ok: false, message: result.message };
  }

  return {
    async send(form) {
      if (busy) return;
      busy = true;
      render(null);
      const outcome = await submit(new FormData(form));
      busy = false;
      render(outcome);
    },
  };
}
