import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export const contactById = (db: Kysely<DB>, id: string) => db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirst();
export const partnershipById = (db: Kysely<DB>, id: string) => db.selectFrom("partner_applications").selectAll().where("id", "=", id).executeTakeFirst();
export const presaleById = (db: Kysely<DB>, id: string) => db.selectFrom("presale_registrations").selectAll().where("id", "=", id).executeTakeFirst();
export const waitlistById = (db: Kysely<DB>, id: string) => db.selectFrom("testnet_signups").selectAll().where("id", "=", id).executeTakeFirst();
export const claimById = (db: Kysely<DB>, id: string) => db.selectFrom("pioneer_users").selectAll().where("id", "=", id).executeTakeFirst();

/**
 * Marks every presale registration (or waitlist sign-up) no digest has told of as told, and
 * answers those rows with the list's total.
 */
export async function markNotified(trx: Kysely<DB>, presale: boolean, at: string) {
  const table = presale ? "presale_registrations" : "testnet_signups";
  const rows = await sql<{ id: string; name: string; created_at: string; wallet_verified: number | boolean }>`
    update ${sql.table(table)} set notified_at = ${at} where notified_at is null
    returning id, ${sql.ref(presale ? "full_name" : "username")} as name, created_at, ${presale ? sql`wallet_verified_at is not null` : sql`false`} as wallet_verified`.execute(
    trx,
  );
  const total = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { rows: rows.rows, total: Number(total.n) };
}
