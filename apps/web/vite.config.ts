import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "app");

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": appDir } },
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        advancedChunks: {
          // React, React DOM and React Router in one file: every page needs all of them, one file
          // compresses ~5 KB smaller than five, and it stays cached across deploys of app code.
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|@react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/ },
            // Lucide's icon runtime with the brand constants, as the root route loads them: the
            // article route's lazily loaded sanitizer also reaches the brand module, and without
            // this group they split into two files on every page. The icons of the site shell
            // (header, account menu, testnet banner) go with them: every page loads all eight, and
            // one file compresses ~1 KB smaller than eight.
            {
              name: "brand",
              test: /(node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared[\\/]|utils[\\/]|icons[\\/](arrow-right|chevron-down|compass|copy|graduation-cap|menu|sparkles|x)\.mjs$)|packages[\\/]shared[\\/]src[\\/]brand\.ts$)/,
            },
            // The small presentational pieces nearly every public page uses: one file instead of
            // seven saves each page's per-file overhead (~0.4 KB compressed on the home page).
            { name: "ui", test: /app[\\/](lib[\\/]cn\.ts|components[\\/]ui[\\/](badge|button|card|glow|icon-tile|section-heading)\.tsx)$/ },
          ],
        },
      },
    },
  },
  // Bundled into the server build so only the icons and primitives in use are loaded: the whole
  // lucide-react and radix-ui packages cost the server ~30 MB of memory at start.
  ssr: { noExternal: ["@vestin/shared", "lucide-react", "radix-ui", /^@radix-ui\//] },
});
