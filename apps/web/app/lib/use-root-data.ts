import { useRouteLoaderData } from "react-router";

type RootData = { publicUrl: string; googleSignIn: boolean };

/** What the root loader passed down from the server's configuration. */
export function useRootData(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? { publicUrl: "", googleSignIn: false };
}
