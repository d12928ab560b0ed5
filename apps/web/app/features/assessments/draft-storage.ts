import type { DraftAnswers } from "./answers";

const key = (attemptId: string) => `vestin.assessment-draft.${attemptId}`;

/**
 * Answers in progress are kept on this device until the attempt is submitted, so a reload or a
 * lost connection does not cost the learner their work. (The server keeps no draft.)
 */
export function loadDraft(attemptId: string): DraftAnswers {
  try {
    const raw = localStorage.getItem(key(attemptId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as DraftAnswers) : {};
  } catch {
    return {};
  }
}

export function saveDraft(attemptId: string, draft: DraftAnswers): void {
  try {
    localStorage.setItem(key(attemptId), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the answers stay in the page.
  }
}

export function clearDraft(attemptId: string): void {
  try {
    localStorage.removeItem(key(attemptId));
  } catch {
    // nothing to clear
  }
}
