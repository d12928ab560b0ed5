import { STORAGE_KEYS } from "@vestin/shared/brand";

/** The e-mail kept after a presale registration or an airdrop verification; both spellings of the key are read. */
export function storedLeadEmail(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userEmail) || localStorage.getItem(STORAGE_KEYS.userEmailAlt) || null;
  } catch {
    return null;
  }
}

export function storeLeadEmail(email: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.userEmail, email);
  } catch {
    // Storage unavailable (private mode): the success pages fall back to their defaults.
  }
}
