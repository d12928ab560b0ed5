import type { AdminSprint, Quest, QuestGrant, SuspiciousGrant } from "@vestin/shared/learn-earn";
import { adminRequest, downloadWithToken } from "../api/admin-request";

/** The console's calls for a sprint's quests, their grants and the sybil review. */

export type { Quest, QuestGrant, SuspiciousGrant };

/** A sprint as the console picks it (GET /admin/sprints; the fallback knows less of it). */
export type SprintChoice = Pick<AdminSprint, "id" | "name"> & Partial<Omit<AdminSprint, "id" | "name">>;

const id = (value: string) => encodeURIComponent(value);

export const sprintQuestsPath = (sprintId: string) => `/admin/sprints/${id(sprintId)}/quests`;
export const questGrantsPath = (questId: string) => `/admin/quests/${id(questId)}/grants`;
export const suspiciousPath = (sprintId: string) => `/admin/sprints/${id(sprintId)}/suspicious`;

export function createQuest(sprintId: string, body: Record<string, unknown>) {
  return adminRequest<Quest>(sprintQuestsPath(sprintId), { method: "POST", body });
}

export function updateQuest(questId: string, body: Record<string, unknown>) {
  return adminRequest<Quest>(`/admin/quests/${id(questId)}`, { method: "PATCH", body });
}

export function deleteQuest(questId: string) {
  return adminRequest<null>(`/admin/quests/${id(questId)}`, { method: "DELETE" });
}

export function revokeGrant(grantId: string, reason: string) {
  return adminRequest<QuestGrant>(`/admin/quest-grants/${id(grantId)}/revoke`, { method: "POST", body: { reason } });
}

/** The sprint's learning XP per wallet (wallet, learning_xp, quests), saved under the server's file name. */
export function exportLearningXp(sprintId: string) {
  return downloadWithToken(`/admin/sprints/${id(sprintId)}/learning-xp.csv`, "learning-xp.csv");
}

/** A sprint's grant settings: how old an account must be at the learning event. */
export function saveSprintSettings(sprintId: string, minAccountAgeHours: number | string) {
  return adminRequest<{ minAccountAgeHours: number }>(`/admin/sprints/${id(sprintId)}/learn-earn`, { method: "PATCH", body: { minAccountAgeHours } });
}
