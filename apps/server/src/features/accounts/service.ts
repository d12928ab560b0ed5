import { joinParts } from "../../lib/service-parts.ts";
import { administration } from "./administration.ts";
import { accountsContext, type AccountsDeps } from "./context.ts";
import { ownAccount } from "./own-account.ts";
import { passwords } from "./passwords.ts";
import { sessions } from "./sessions.ts";
import { signIn } from "./sign-in.ts";

/**
 * Accounts as one service (app.accounts): signing up and in (sign-in.ts), sessions (sessions.ts),
 * passwords (passwords.ts), the person's own account (own-account.ts) and administration
 * (administration.ts), sharing the repository, session opening and password links of context.ts.
 * Each member is defined by one part: a name two parts define does not compile.
 */
export function createAccountsService(deps: AccountsDeps) {
  const context = accountsContext(deps);
  return joinParts(signIn(context), sessions(context), passwords(context), ownAccount(context), administration(context));
}

export type AccountsService = ReturnType<typeof createAccountsService>;
