import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "app");

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": appDir } },
  build: { target: "es2022", assetsInlineLimit: 0 },
  ssr: { noExternal: ["@vestin/shared"] },
});
