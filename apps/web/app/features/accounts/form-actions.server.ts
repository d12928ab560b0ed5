import { data, type RouterContextProvider } from "react-router";
import type { User } from "@vestin/shared/accounts";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { appContext } from "~/lib/app-context";
import { safeRedirect } from "~/lib/session/redirects";
import type { HandedSession, PasswordActionData, PasswordLinkInfo, SignInActionData, SignUpActionData, SignUpValues } from "./form-results";

/*
 * The account forms' posts, for a form sent before the page's scripts ran (a fast typist, a slow
 * phone) or with scripts turned off. With scripts running the forms call the API themselves and
 * never post here. Each form carries `<noscript><input name="scripts" value="off"></noscript>`: a
 * browser without scripts sends it, one whose scripts have not started yet does not.
 *
 * A posted page is one person's answer: the server never caches it (web/ssr.ts) and it says
 * no-store. Only this site's own pages can post here (the server refuses other origins), so a page
 * elsewhere cannot sign a visitor in to its own account.
 */

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };
type Api = (path: string, body: unknown, method?: "POST" | "PUT") => Promise<{ status: number; body: Record<string, unknown> }>;

const NO_STORE = { "Cache-Control": "no-store" };
const answer = <T>(value: T, status = 200) => data(value, { status, headers: NO_STORE });

function apiOf(context: ActionArgs["context"]): Api {
  const { api } = context.get(appContext);
  return async (path, body, method = "POST") => {
    const res = await api(path, { method, body: JSON.stringify(body) });
    return { status: res.status, body: ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown> };
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const scriptsOff = (form: FormData) => form.get("scripts") === "off";
const dataOf = (body: Record<string, unknown>) => (body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {});
const messageOf = (body: Record<string, unknown>, fallback: string) => (typeof body.message === "string" && body.message ? body.message : fallback);
const fieldErrorsOf = (body: Record<string, unknown>) => (body.errors && typeof body.errors === "object" ? (body.errors as Record<string, string>) : undefined);

function sessionOf(body: Record<string, unknown>): HandedSession | undefined {
  const d = dataOf(body);
  const user = d.user as User | undefined;
  if (typeof d.token !== "string" || !user || typeof user.email !== "string") return undefined;
  return { token: d.token, user, deviceToken: typeof d.deviceToken === "string" && d.deviceToken ? d.deviceToken : null };
}

/**
 * /signin: the password, then (two-factor sign-in on) the code. Without scripts nothing is checked:
 * the session would live in the page's scripts, so the form comes back with the address kept and
 * says why. A wrong password or code comes back on its form with the server's message.
 */
export async function signInAction({ request, context }: ActionArgs) {
  const form = await request.formData();
  const api = apiOf(context);
  const email = text(form, "email").trim();
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  const intent = text(form, "intent");

  if (intent === "second-step") {
    const challenge = text(form, "challenge");
    const recovery = form.has("recoveryCode");
    const proof = recovery ? { recoveryCode: text(form, "recoveryCode") } : { code: text(form, "code") };
    const res = await api("/auth/2fa", { challenge, ...proof, rememberDevice: form.get("rememberDevice") === "on" });
    const session = res.status === 200 ? sessionOf(res.body) : undefined;
    if (session) return answer<SignInActionData>({ step: "signed-in", session, to });
    // The challenge is over (too slow, too many tries): back to the password, saying so.
    if (res.status === 401) return answer<SignInActionData>({ step: "password", email, notice: messageOf(res.body, ACCOUNT_MESSAGES.loginFailed) }, 401);
    const error = Object.values(fieldErrorsOf(res.body) ?? {})[0] ?? messageOf(res.body, ACCOUNT_MESSAGES.loginFailed);
    return answer<SignInActionData>({ step: "second-step", email, challenge, recovery, error }, res.status === 200 ? 502 : res.status);
  }

  if (scriptsOff(form)) return answer<SignInActionData>({ step: "password", email, notice: ACCOUNT_MESSAGES.signInNeedsScripts });
  const res = await api("/auth/login", { email, password: text(form, "password") });
  if (res.status === 200) {
    const session = sessionOf(res.body);
    if (session) return answer<SignInActionData>({ step: "signed-in", session, to });
    const challenge = dataOf(res.body).challenge;
    if (typeof challenge === "string" && challenge) return answer<SignInActionData>({ step: "second-step", email, challenge, recovery: false });
  }
  return answer<SignInActionData>({ step: "password", email, error: messageOf(res.body, ACCOUNT_MESSAGES.loginFailed) }, res.status === 200 ? 502 : res.status);
}

/**
 * /signup: an account is only made with the form guard's token, which the page's scripts fetch, so
 * a form sent before them (or without them) comes back filled in, passwords aside, saying what to do.
 */
export async function signUpAction({ request }: ActionArgs) {
  const form = await request.formData();
  const values: SignUpValues = {
    firstName: text(form, "firstName").trim(),
    lastName: text(form, "lastName").trim(),
    email: text(form, "email").trim(),
    agreeToTerms: form.get("agreeToTerms") === "on",
    subscribeNewsletter: form.get("subscribeNewsletter") === "on",
  };
  return answer<SignUpActionData>(
    { values, notice: scriptsOff(form) ? ACCOUNT_MESSAGES.signUpNeedsScripts : ACCOUNT_MESSAGES.signUpTooEarly },
    scriptsOff(form) ? 200 : 400,
  );
}

/** What a link's token is for, or null when it is unknown, used or expired. */
export async function passwordLinkInfo(context: ActionArgs["context"], token: string): Promise<PasswordLinkInfo | null> {
  if (!token) return null;
  const res = await apiOf(context)("/auth/password-link", { token });
  const d = dataOf(res.body);
  if (res.status !== 200 || (d.purpose !== "invitation" && d.purpose !== "reset")) return null;
  return { purpose: d.purpose, administrator: d.administrator === true, email: String(d.email ?? ""), minLength: Number(d.minLength) || 0 };
}

/**
 * /forgot-password and /reset-password work the same with or without scripts: ask for the link
 * (again), and set the new password with the link's token, sent in the form, never in the address.
 */
export async function passwordAction({ request, context }: ActionArgs) {
  const form = await request.formData();
  const api = apiOf(context);
  const intent = text(form, "intent");
  if (intent === "reset") {
    const token = text(form, "token");
    const password = text(form, "password");
    const link = await passwordLinkInfo(context, token);
    const refuse = (error: string, status: number) => answer<PasswordActionData>({ step: "reset", token, error, link }, status);
    if (password !== text(form, "confirmPassword")) return refuse(ACCOUNT_MESSAGES.passwordsDoNotMatchReset, 400);
    const res = await api("/auth/reset-password", { token, password }, "PUT");
    if (res.status === 200) return answer<PasswordActionData>({ step: "done", purpose: link?.purpose ?? "reset" });
    return refuse(fieldErrorsOf(res.body)?.password ?? messageOf(res.body, ACCOUNT_MESSAGES.failedReset), res.status);
  }
  const email = text(form, "email").trim();
  const res = await api("/auth/forgot-password", { email });
  if (res.status === 200) return answer<PasswordActionData>({ step: "sent", email, resent: intent === "resend" });
  const fallback = intent === "resend" ? ACCOUNT_MESSAGES.failedResend : ACCOUNT_MESSAGES.failedResetEmail;
  return answer<PasswordActionData>({ step: "forgot", email, error: fieldErrorsOf(res.body)?.email ?? messageOf(res.body, fallback) }, res.status);
}

/** /reset-password?token=…: what the link is for, so the page says it before anyone types; never stored (the address holds a token). */
export async function passwordLinkLoader({ request, context }: ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { link: null, invalid: false };
  const link = await passwordLinkInfo(context, token);
  return data({ link, invalid: !link }, { headers: NO_STORE });
}
