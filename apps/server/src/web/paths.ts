import path from "node:path";
import { ROOT_DIR } from "../config.ts";

/** The web app's folder, and its production build (npm run build). */
export const WEB_DIR = path.join(ROOT_DIR, "apps/web");
export const WEB_BUILD_DIR = path.join(WEB_DIR, "build");
