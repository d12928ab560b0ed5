/** The allow-list feature's public entry: whether a sprint's list is frozen (the leads' frozen-sprint guard asks before every leaderboard or claim write) and the service (the admin command line). */
export { sprintListFrozen } from "./frozen.ts";
export { createAllowlistService, type AllowlistService } from "./service.ts";
