import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * List filters kept in the address bar, so a reload or a shared link shows the same view.
 * Setting a filter other than the page number goes back to page 1.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string, fallback = "") => params.get(key) ?? fallback, [params]);
  const set = useCallback(
    (changes: Record<string, string | number | null | undefined>, options: { keepPage?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === "") next.delete(key);
            else next.set(key, String(value));
          }
          if (!options.keepPage && !("page" in changes)) next.delete("page");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  /** The list page in the address bar: 1 when absent or not a number. */
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const setPage = useCallback((next: number) => set({ page: next }, { keepPage: true }), [set]);
  return { params, get, set, page, setPage };
}
