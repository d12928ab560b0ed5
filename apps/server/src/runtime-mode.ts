/**
 * React and React Router pick their production builds from process.env.NODE_ENV the first time
 * they are imported. The server always serves the production web build (unless started with
 * --dev), so this module, imported first by main.ts, sets NODE_ENV=production before anything
 * imports React (development-mode React renders pages several times slower). The operator's own
 * value is kept for the configuration, where NODE_ENV=production means "JWT_SECRET is required".
 */
export const DECLARED_NODE_ENV = process.env.NODE_ENV;
if (!process.argv.includes("--dev")) process.env.NODE_ENV = "production";
