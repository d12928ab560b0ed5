import { z } from "./zod.ts";
import { SCHEDULE_MESSAGES } from "./article-schedule-core.ts";

export * from "./article-schedule-core.ts";

/** Scheduling (or moving) an article's publication: the moment, any ISO offset, stored in UTC. */
export const articleScheduleSchema = z.object({
  scheduledAt: z.iso
    .datetime({ offset: true, error: SCHEDULE_MESSAGES.invalidMoment })
    .transform((s) => new Date(s).toISOString())
    .describe("The moment it goes public (ISO 8601; stored and answered in UTC); must be in the future"),
});
export type ArticleSchedule = z.infer<typeof articleScheduleSchema>;

/** An article's schedule as the console sees it after a write. */
export const articleScheduleStateSchema = z.object({
  _id: z.string(),
  status: z.enum(["published", "draft", "scheduled"]),
  scheduledAt: z.string().nullable(),
});
