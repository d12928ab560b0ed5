/**
 * The lead schemas (zod, from @vestin/shared/leads) are loaded when a form is first used, not with
 * the page: building them all took 300–550 ms of main thread at Lighthouse's 4× CPU slowdown while
 * /presale loaded, and zod is ~22 KB of the page's JavaScript. A form asks for them when it gets
 * focus (`prepareLeadSchemas`), so they are usually in hand by the time it is checked; checking
 * awaits them either way. What a form needs to draw itself comes from @vestin/shared/leads-core.
 */
import { toast } from "sonner";
import type { ZodType } from "zod";
import { LEAD_MESSAGES } from "@vestin/shared/leads-core";

type LeadSchemas = typeof import("@vestin/shared/leads");

// The browser's module map keeps a loaded module; a failed download is fetched again next time.
const loadLeadSchemas = (): Promise<LeadSchemas> => import("@vestin/shared/leads");

/** For a form's onFocus: starts loading the schemas, ignoring a failure (the check will retry). */
export function prepareLeadSchemas(): void {
  loadLeadSchemas().catch(() => {});
}

/**
 * The schemas for a form's check, or null when they could not be downloaded (offline): the visitor
 * is told so in a toast, nothing is sent, and the next submission tries again.
 */
export async function schemasForCheck(): Promise<LeadSchemas | null> {
  try {
    return await loadLeadSchemas();
  } catch {
    toast.error(LEAD_MESSAGES.presaleNetworkError);
    return null;
  }
}

/**
 * `input` checked against one of the lead schemas: its field errors, null when it passes, or
 * undefined when the schemas could not be downloaded (the visitor was told; nothing is sent).
 */
export async function leadFieldErrors(schema: (schemas: LeadSchemas) => ZodType, input: unknown): Promise<Record<string, string> | null | undefined> {
  const schemas = await schemasForCheck();
  if (!schemas) return undefined;
  const parsed = schema(schemas).safeParse(input);
  return parsed.success ? null : schemas.fieldErrors(parsed.error);
}
