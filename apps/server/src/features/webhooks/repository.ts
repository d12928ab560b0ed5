import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, WebhookDeliveriesTable, WebhookEndpointsTable } from "../../db/schema.ts";

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The queries of webhook endpoints and their deliveries (both databases). */
export function webhooksRepository(db: Kysely<DB>) {
  /** An endpoint's deliveries in the log's order: newest first, the id breaking ties. */
  const deliveriesNewestFirst = (endpointId: string) =>
    db.selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpointId).orderBy("created_at", "desc").orderBy("id", "desc");

  return {
    listEndpoints(): Promise<EndpointRow[]> {
      return db.selectFrom("webhook_endpoints").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
    },

    findEndpoint(id: string): Promise<EndpointRow | undefined> {
      return db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Endpoints that take new events (active and failing ones; disabled ones do not). */
    receivingEndpoints(): Promise<EndpointRow[]> {
      return db.selectFrom("webhook_endpoints").selectAll().where("status", "in", ["active", "failing"]).execute();
    },

    /** The event lists (JSON) of the endpoints that take new events. */
    async receivingEventLists(): Promise<string[]> {
      const rows = await db.selectFrom("webhook_endpoints").select("events").where("status", "in", ["active", "failing"]).execute();
      return rows.map((row) => row.events);
    },

    async insertEndpoint(row: Insertable<WebhookEndpointsTable>): Promise<void> {
      await db.insertInto("webhook_endpoints").values(row).execute();
    },

    async updateEndpoint(id: string, changes: Updateable<WebhookEndpointsTable>): Promise<boolean> {
      const result = await db.updateTable("webhook_endpoints").set(changes).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteEndpoint(id: string): Promise<boolean> {
      const result = await db.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The endpoint is failing from now on, unless it already is or was disabled meanwhile. */
    async markFailing(id: string, at: string): Promise<void> {
      await db.updateTable("webhook_endpoints").set({ status: "failing", failing_since: at }).where("id", "=", id).where("status", "=", "active").execute();
    },

    /** A delivery went through: a failing endpoint is healthy again. */
    async clearFailing(id: string): Promise<void> {
      await db.updateTable("webhook_endpoints").set({ status: "active", failing_since: null }).where("id", "=", id).where("status", "=", "failing").execute();
    },

    /** The newest delivery of each endpoint (the console's "last delivery" column). */
    async lastDeliveries(endpointIds: string[]): Promise<Map<string, DeliveryRow>> {
      const out = new Map<string, DeliveryRow>();
      for (const id of endpointIds) {
        const row = await deliveriesNewestFirst(id).limit(1).executeTakeFirst();
        if (row) out.set(id, row);
      }
      return out;
    },

    /**
     * Stores the delivery of an event to an endpoint unless it exists (a repeated fan-out):
     * answers whether it was stored.
     */
    async insertDeliveryOnce(row: Insertable<WebhookDeliveriesTable>): Promise<boolean> {
      const result = await db
        .insertInto("webhook_deliveries")
        .values(row)
        .onConflict((oc) => oc.columns(["endpoint_id", "event_id"]).where("resend_of", "is", null).doNothing())
        .returning("id")
        .executeTakeFirst();
      return result !== undefined;
    },

    async insertDelivery(row: Insertable<WebhookDeliveriesTable>): Promise<void> {
      await db.insertInto("webhook_deliveries").values(row).execute();
    },

    findDelivery(id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async updateDelivery(id: string, changes: Updateable<WebhookDeliveriesTable>): Promise<void> {
      await db.updateTable("webhook_deliveries").set(changes).where("id", "=", id).execute();
    },

    /** One page of an endpoint's delivery log, newest first. */
    async deliveries(endpointId: string, page: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> {
      const rows = await deliveriesNewestFirst(endpointId)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const count = await db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("endpoint_id", "=", endpointId)
        .executeTakeFirst();
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
