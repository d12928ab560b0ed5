import { z } from "zod";

// Zod compiles object parsers with `new Function` when it may. The site's pages forbid eval
// (script-src has no 'unsafe-eval'), so in the browser zod's probe only produced a CSP
// violation report on every page with a form. There it uses its interpreted parsers from the
// start; the server keeps the compiled ones. Every schema module imports z from here, so this
// runs before any schema is built.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
