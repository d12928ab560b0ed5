/**
 * The import direction of docs/ARCHITECTURE.md, enforced (npm run lint, and so npm test and CI).
 * Each rule names a layer and what it may not import; docs/decisions/0016-lint-format-imports.md says why.
 */
const WEB = "^apps/web/app/";
const SERVER = "^apps/server/src/";

/** A rule: `from` may not import `to`; `comment` is the reason, shown when it is broken. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

module.exports = {
  forbidden: [
    forbid(
      "shared-imports-no-app",
      "packages/shared is used by the web app and the server alike, so it imports neither.",
      { path: "^packages/shared/" },
      { path: "^(apps|bench|e2e)/" },
    ),
    forbid(
      "web-components-and-lib-import-no-features",
      "components/ and lib/ sit below every feature: a feature may use them, never the other way round.",
      { path: `${WEB}(components|lib)/` },
      { path: `${WEB}(features|routes)/` },
    ),
    forbid(
      "web-features-import-no-routes",
      "Routes compose features; a feature never reaches up into a route module.",
      { path: `${WEB}features/` },
      { path: `${WEB}routes/` },
    ),
    forbid(
      "web-feature-imports-another-through-its-entry",
      "A feature uses another feature only through that feature's public entry, features/<name>/index.ts.",
      { path: `${WEB}features/([^/]+)/` },
      { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`] },
    ),
    forbid(
      "server-feature-imports-another-through-its-entry",
      "A server feature uses another feature only through its public entry, features/<name>/index.ts (its services, never its repository).",
      { path: `${SERVER}features/([^/]+)/` },
      { path: `${SERVER}features/`, pathNot: [`${SERVER}features/$1/`, `${SERVER}features/[^/]+/index\\.ts$`] },
    ),
    forbid(
      "outside-code-uses-features-through-their-entry",
      "Shared test helpers, the bench and the browser tests reach a feature through its public entry too.",
      { path: "^(apps/server/test|bench|e2e)/" },
      { path: `${SERVER}features/`, pathNot: `${SERVER}features/[^/]+/index\\.ts$` },
    ),
    forbid(
      "server-seeding-uses-features-through-their-entry",
      "The seeders reach each feature's seed data through the feature's public entry.",
      { path: `${SERVER}db/seed/` },
      { path: `${SERVER}features/`, pathNot: `${SERVER}features/[^/]+/index\\.ts$` },
    ),
    forbid(
      "public-entry-exports-no-repository",
      "A feature's repository object (its SQL) stays private to the feature: the entry exports services and narrowly named reads from *-repository.ts files.",
      { path: "/features/[^/]+/index\\.ts$" },
      { path: "/features/[^/]+/repository" },
    ),
    forbid(
      "server-lib-and-db-import-no-features",
      "lib/, db/ and plugins/ (the infrastructure plugins) are the server's ground floor: features use them, never the reverse. db/seed/ composes the features' seed data (as app.ts composes their plugins and routes), through their entries.",
      { path: `${SERVER}(lib|db|plugins)/`, pathNot: `${SERVER}db/seed/` },
      { path: `${SERVER}features/` },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    combinedDependencies: false,
  },
};
