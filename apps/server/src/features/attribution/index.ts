/** The attribution feature's public entry: a form's attribution as the columns of a lead or user row, and back. */
export { ATTRIBUTION_COLUMNS, attributionColumns, attributionOf } from "./columns.ts";
