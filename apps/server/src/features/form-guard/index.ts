/**
 * The form guard's public entry: the guard every public form passes through, its disposable
 * e-mail rule (the newsletter import and referrals apply it too), and the form tokens (tests sign
 * old-enough ones).
 */
export { isDisposableEmail } from "./disposable.ts";
export { createFormGuard, type FormGuard, type GuardTicket } from "./service.ts";
export { formTokenKey, signFormToken } from "./tokens.ts";
