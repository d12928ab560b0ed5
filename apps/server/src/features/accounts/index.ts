/** The accounts feature's public entry: the service (the admin command line builds one) and the session tokens (the bench signs its writers in). */
export { createAccountsService, type AccountsService } from "./service.ts";
export { sessionTokens } from "./tokens.ts";
