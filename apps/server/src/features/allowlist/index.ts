/** The allow-list feature's public entry: the frozen-sprint guard (every leaderboard or claim write checks it) and the service (the admin command line). */
export { assertSprintOpen } from "./frozen.ts";
export { createAllowlistService, type AllowlistService } from "./service.ts";
