import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@vestin/shared/brand";

const listeners = new Set<() => void>();
let cache: ReadonlySet<string> | null = null;
const EMPTY: ReadonlySet<string> = new Set();

function read(): ReadonlySet<string> {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.likedArticles) ?? "[]");
    cache = new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : []);
  } catch {
    cache = new Set();
  }
  return cache;
}

/** Marks an article liked or not in this browser (the spec tracks likes on the client). */
export function setLiked(id: string, liked: boolean) {
  const next = new Set(read());
  if (liked) next.add(id);
  else next.delete(id);
  cache = next;
  try {
    localStorage.setItem(STORAGE_KEYS.likedArticles, JSON.stringify([...next]));
  } catch {
    // The like still counted on the server; only this browser's memory of it is lost.
  }
  for (const l of listeners) l();
}

export function useLikedArticles(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => EMPTY,
  );
}
