/**
 * The accounts feature's public entry: the service (the admin command line builds one), the
 * session tokens (the bench signs its writers in), the console's counts of accounts and an
 * account's role by e-mail (the allow-list command line), and the account's two-factor columns
 * (the two-factor feature reads and writes them through these).
 */
export { accountsForQuests, type QuestAccount } from "./quest-facts-repository.ts";
export { accountRoleByEmail, accountsCreated, signupsBySourceAndDay } from "./reports-repository.ts";
export { createAccountsService, type AccountsService } from "./service.ts";
export { sessionTokens } from "./tokens.ts";
export { clearTotp, enableTotp, setPendingTotpSecret, takeTotpStep, totpStateOf } from "./totp-repository.ts";
