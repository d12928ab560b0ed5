import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, NewsletterCampaignsTable } from "../../db/schema.ts";

type CampaignStatus = NewsletterCampaignsTable["status"];

/** Changes a campaign that still has status `from`; the changed row, or undefined when it had another status. */
export const updateCampaignIn = (db: Kysely<DB>, id: string, from: CampaignStatus, changes: Updateable<NewsletterCampaignsTable>) =>
  db.updateTable("newsletter_campaigns").set(changes).where("id", "=", id).where("status", "=", from).returningAll().executeTakeFirst();

export const insertCampaign = (db: Kysely<DB>, row: Insertable<NewsletterCampaignsTable>) =>
  db.insertInto("newsletter_campaigns").values(row).returningAll().executeTakeFirstOrThrow();

/** Inserts an article's automatic campaign unless it has one; the new row, or undefined. */
export const insertAutomaticCampaign = (db: Kysely<DB>, row: Insertable<NewsletterCampaignsTable>) =>
  db
    .insertInto("newsletter_campaigns")
    .values(row)
    .onConflict((oc) => oc.column("auto_article_id").doNothing())
    .returningAll()
    .executeTakeFirst();

/** Deletes a draft; false when the campaign is not (or no longer) a draft. */
export async function deleteDraft(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("newsletter_campaigns").where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
  return Number(result.numDeletedRows ?? 0) > 0;
}

export const automaticCampaignOf = (db: Kysely<DB>, articleId: string) =>
  db.selectFrom("newsletter_campaigns").select("created_at").where("auto_article_id", "=", articleId).executeTakeFirst();
