import { useCallback, useEffect, useRef, useState } from "react";
import { adminRequest, describeFailure } from "../api/admin-request";

export type AdminQuery<T> = {
  data: T | undefined;
  /** The raw envelope of the last answer (pagination fields live beside `data`). */
  body: Record<string, unknown> | undefined;
  /** The path `data` was loaded from (it may lag behind the requested path while loading). */
  dataPath: string | null;
  loading: boolean;
  error: string | null;
  status: number | null;
  reload: () => void;
  /** Replace the data locally after a write, without another request. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
};

/**
 * Loads one admin API path in the browser (never during server rendering, so admin data is never
 * in the HTML). The previous answer stays on screen while a new one loads; a newer path aborts
 * the older request.
 */
export function useAdminQuery<T>(path: string | null): AdminQuery<T> {
  const [state, setState] = useState<{
    data: T | undefined;
    body: Record<string, unknown> | undefined;
    dataPath: string | null;
    error: string | null;
    status: number | null;
  }>({
    data: undefined,
    body: undefined,
    dataPath: null,
    error: null,
    status: null,
  });
  const [loading, setLoading] = useState(path !== null);
  const [version, setVersion] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is reload()'s trigger: a new value asks for the same path again.
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoading(true);
    adminRequest<Record<string, unknown>>(path, { signal: controller.signal, read: "body" })
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.ok)
          setState({
            data: ("data" in result.data ? result.data.data : result.data) as T,
            body: result.data,
            dataPath: path,
            error: null,
            status: result.status,
          });
        else setState((s) => ({ ...s, error: describeFailure(result), status: result.status }));
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted || (err as Error).name === "AbortError") return;
        setState((s) => ({
          ...s,
          error: String(err),
          status: 0,
        }));
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => {
    if (mounted.current) setState((s) => ({ ...s, data: update(s.data) }));
  }, []);

  return { ...state, loading, reload, setData };
}

/** Reads the pagination fields the admin list routes put beside `data`. */
export function pageInfo(body: Record<string, unknown> | undefined): { total: number; page: number; pages: number; limit: number } {
  const num = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
  return { total: num(body?.total, 0), page: num(body?.page, 1), pages: num(body?.pages, 1), limit: num(body?.limit, 25) };
}
