/**
 * The accounts feature's public entry: the service (the admin command line builds one), the
 * session tokens (the bench signs its writers in) and the console's counts of accounts.
 */
export { accountsCreated, signupsBySourceAndDay } from "./reports-repository.ts";
export { createAccountsService, type AccountsService } from "./service.ts";
export { sessionTokens } from "./tokens.ts";
