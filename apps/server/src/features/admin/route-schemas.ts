import { z } from "zod";
import { errorEnvelopeSchema } from "@vestin/shared/api";

/** What the console's route modules share: paging, the bearer scheme, the refusals, and loose answer shapes. */
export const page = z.coerce.number().int().min(1, "page must be 1 or more").default(1);
export const limit = z.coerce
  .number()
  .int()
  .min(1)
  .default(25)
  .transform((n) => Math.min(n, 100));
export const bearer = [{ bearerAuth: [] }];
export const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
export const any = z.record(z.string(), z.unknown());
export const anyList = z.object({ success: z.literal(true), data: z.array(any), total: z.number(), page: z.number(), limit: z.number(), pages: z.number() });
