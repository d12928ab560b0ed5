import { useMatches } from "react-router";

/** What a route module can tell the shell through its `handle` export. */
export type RouteHandle = {
  /** No banner, header or footer (presale success, forgot/reset password). */
  bare?: boolean;
  /** How long the page's loading placeholder shows, in ms (default 500). */
  loaderMs?: number;
  /** What the loading placeholder says (e.g. "Loading lesson..."). */
  loaderText?: string;
};

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) Object.assign(merged, match.handle as RouteHandle | undefined);
  return merged;
}
