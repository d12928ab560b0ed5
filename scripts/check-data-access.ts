#!/usr/bin/env node
/**
 * Where the server's SQL may be, and which tables it may name (npm run lint runs this; CONTRIBUTING
 * states the rule). SQL is a Kysely builder call (.selectFrom( .insertInto( .updateTable(
 * .deleteFrom( .replaceInto( .mergeInto() or a `sql` template, in server code that is not a test.
 *
 * 1. Placement: SQL only in a feature's repository.ts or *-repository.ts, its seed.ts or seed/,
 *    its testing/ (test-only routes and fixtures), in db/ (migrations, seed runner, database) and in
 *    lib/jobs/ (the queue's own tables).
 * 2. Ownership: SQL in a feature (testing/ aside) names only tables that feature owns, as listed in
 *    apps/server/src/db/table-owners.ts: in builder calls and joins, and after from/join/into/update
 *    in a sql template's text.
 *
 * Each violation is printed as `file:line: what`; the exit code is 1 when there is any.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { TABLE_OWNERS } from "../apps/server/src/db/table-owners.ts";

export type Violation = { file: string; line: number; kind: "placement" | "ownership"; what: string };

const BUILDERS = new Set(["selectFrom", "insertInto", "updateTable", "deleteFrom", "replaceInto", "mergeInto"]);
const JOINS = new Set(["innerJoin", "leftJoin", "rightJoin", "fullJoin", "crossJoin", "innerJoinLateral", "leftJoinLateral", "crossJoinLateral", "using"]);
/** A table named in a sql template's text: the word after from, join, into or update. */
const TABLE_IN_TEXT = /\b(?:from|join|into|update)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

const SERVER = "apps/server/src/";

/** The feature a server file belongs to, or null outside features/. */
export function featureOf(file: string): string | null {
  const match = /^apps\/server\/src\/features\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

/** Whether SQL may be written in this file (rule 1). */
export function sqlAllowedIn(file: string): boolean {
  if (file.startsWith(`${SERVER}db/`) || file.startsWith(`${SERVER}lib/jobs/`)) return true;
  const feature = featureOf(file);
  if (!feature) return false;
  const inFeature = file.slice(`${SERVER}features/${feature}/`.length);
  const name = path.posix.basename(inFeature);
  return (
    name === "repository.ts" || name.endsWith("-repository.ts") || inFeature === "seed.ts" || inFeature.startsWith("seed/") || inFeature.startsWith("testing/")
  );
}

/** Whether the tables this file's SQL names are checked against their owners (rule 2). */
const ownershipCheckedIn = (file: string) => featureOf(file) !== null && !file.slice(`${SERVER}features/${featureOf(file)}/`.length).startsWith("testing/");

const tableOf = (name: string) =>
  name
    .trim()
    .split(/\s+as\s+/i)[0]
    ?.trim() ?? "";

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

/** The table names a builder or join call names in its first argument (a string or a list of strings). */
function namedTables(call: ts.CallExpression): string[] {
  const first = call.arguments[0];
  if (!first) return [];
  if (ts.isArrayLiteralExpression(first)) return first.elements.flatMap((e) => literalText(e) ?? []).map(tableOf);
  const text = literalText(first);
  return text === null ? [] : [tableOf(text)];
}

function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [template.head.text, ...template.templateSpans.map((s) => s.literal.text)].join(" ? ");
}

const isSqlIdentifier = (node: ts.Node) => ts.isIdentifier(node) && node.text === "sql";

/** The violations in one file's source; `file` is its path from the repository root, with forward slashes. */
export function checkSource(file: string, source: string, owners: Readonly<Record<string, string>> = TABLE_OWNERS): Violation[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const allowed = sqlAllowedIn(file);
  const feature = ownershipCheckedIn(file) ? featureOf(file) : null;
  const violations: Violation[] = [];
  const commonTables = new Set<string>();
  const named: Array<{ table: string; node: ts.Node; strict: boolean }> = [];

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (BUILDERS.has(method) && !allowed)
        violations.push({ file, line: lineOf(node.expression.name), kind: "placement", what: `SQL outside a repository (.${method})` });
      if (method === "with") for (const name of namedTables(node)) commonTables.add(name);
      if (BUILDERS.has(method) || JOINS.has(method)) for (const table of namedTables(node)) named.push({ table, node: node.expression.name, strict: true });
    }
    // sql.table("name"): a table named outside a template's text.
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "table" &&
      isSqlIdentifier(node.expression.expression)
    ) {
      for (const table of namedTables(node)) named.push({ table, node, strict: true });
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlIdentifier(node.tag)) {
      if (!allowed) violations.push({ file, line: lineOf(node), kind: "placement", what: "SQL outside a repository (sql template)" });
      for (const match of templateText(node.template).matchAll(TABLE_IN_TEXT)) named.push({ table: match[1] ?? "", node, strict: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);

  if (feature) {
    for (const { table, node, strict } of named) {
      if (commonTables.has(table)) continue;
      const owner = owners[table];
      if (owner === undefined) {
        // Words after FROM or INTO in a template are often not tables (EXTRACT(EPOCH FROM …)): only a builder's argument must be one.
        if (strict) violations.push({ file, line: lineOf(node), kind: "ownership", what: `table "${table}" has no owner in db/table-owners.ts` });
      } else if (owner !== feature) {
        violations.push({ file, line: lineOf(node), kind: "ownership", what: `table "${table}" belongs to ${owner}, not ${feature}: ask ${owner}'s service` });
      }
    }
  }
  return violations.sort((a, b) => a.line - b.line);
}

/** Server source files that are not tests, from the repository root. */
function serverFiles(root: string, dir = path.join(root, SERVER)): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : serverFiles(root, full);
    if (!/\.(ts|tsx|mts)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) return [];
    return [path.relative(root, full).split(path.sep).join("/")];
  });
}

/** Every violation in the repository at `root`. */
export function checkTree(root: string): Violation[] {
  return serverFiles(root)
    .sort()
    .flatMap((file) => checkSource(file, readFileSync(path.join(root, file), "utf8")));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const violations = checkTree(root);
  for (const v of violations) console.log(`${v.file}:${v.line}: ${v.what}`);
  const placement = violations.filter((v) => v.kind === "placement").length;
  const ownership = violations.length - placement;
  if (violations.length > 0) {
    console.log(`${placement} SQL outside the allowed places, ${ownership} tables named outside their owner (rules: CONTRIBUTING.md, "Where SQL goes").`);
    process.exit(1);
  }
  console.log("Data access: every query is where the rule says, on its owner's tables.");
}
