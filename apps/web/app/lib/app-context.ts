import { createContext } from "react-router";
import type { AppLoadContext } from "@vestin/shared/ssr";

/** The server sets this on every page request; entry.server re-exports it so both share one key. */
export const appContext = createContext<AppLoadContext>();
