/**
 * The import direction of docs/ARCHITECTURE.md, enforced (npm run lint, and so npm test and CI).
 * Each rule names a layer and what it may not import; docs/decisions/0016-lint-format-imports.md says why.
 */
const WEB = "^apps/web/app/";
const SERVER = "^apps/server/src/";

module.exports = {
  forbidden: [
    {
      name: "shared-imports-no-app",
      comment: "packages/shared is used by the web app and the server alike, so it imports neither.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^(apps|bench|e2e)/" },
    },
    {
      name: "web-components-and-lib-import-no-features",
      comment: "components/ and lib/ sit below every feature: a feature may use them, never the other way round.",
      severity: "error",
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|routes)/` },
    },
    {
      name: "web-features-import-no-routes",
      comment: "Routes compose features; a feature never reaches up into a route module.",
      severity: "error",
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}routes/` },
    },
    {
      name: "web-feature-imports-another-through-its-entry",
      comment: "A feature uses another feature only through that feature's public entry, features/<name>/index.ts.",
      severity: "error",
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`] },
    },
    {
      name: "server-feature-imports-another-through-its-entry",
      comment: "A server feature uses another feature only through its public entry, features/<name>/index.ts (its services, never its repository).",
      severity: "error",
      from: { path: `${SERVER}features/([^/]+)/` },
      to: { path: `${SERVER}features/`, pathNot: [`${SERVER}features/$1/`, `${SERVER}features/[^/]+/index\\.ts$`] },
    },
    {
      name: "outside-code-uses-features-through-their-entry",
      comment: "Shared test helpers, the bench and the browser tests reach a feature through its public entry too.",
      severity: "error",
      from: { path: "^(apps/server/test|bench|e2e)/" },
      to: { path: `${SERVER}features/`, pathNot: `${SERVER}features/[^/]+/index\\.ts$` },
    },
    {
      name: "server-seeding-uses-features-through-their-entry",
      comment: "The seeders reach each feature's seed data through the feature's public entry.",
      severity: "error",
      from: { path: `${SERVER}db/seed/` },
      to: { path: `${SERVER}features/`, pathNot: `${SERVER}features/[^/]+/index\\.ts$` },
    },
    {
      name: "public-entry-exports-no-repository",
      comment: "A feature's repository (its SQL) stays private to the feature: the entry exports services.",
      severity: "error",
      from: { path: "/features/[^/]+/index\\.ts$" },
      to: { path: "/features/[^/]+/repository" },
    },
    {
      name: "server-lib-and-db-import-no-features",
      comment:
        "lib/ and db/ are the server's ground floor: features use them, never the reverse. db/seed/ composes the features' seed data (as app.ts composes their routes), through their entries.",
      severity: "error",
      from: { path: `${SERVER}(lib|db)/`, pathNot: `${SERVER}db/seed/` },
      to: { path: `${SERVER}features/` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    combinedDependencies: false,
  },
};
