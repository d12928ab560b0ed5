import type { Contact, Partner } from "@vestin/shared/leads";
import { newId, nowIso } from "../../lib/ids.ts";
import { attributionColumns } from "../attribution/index.ts";
import type { LeadsContext } from "./context.ts";
import { FORM_LIMITS } from "./limits.ts";
import { leadsRepository } from "./repository.ts";

/** The contact and partnership forms: stored, told to the team, answered with their id. */
export function enquiries({ limiter, formGuard, consents, store }: LeadsContext) {
  return {
    async submitContact(input: Contact, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.contact, clientIp);
      const ticket = await formGuard.check("contact", input, clientIp);
      const now = nowIso();
      const id = newId();
      await store(ticket, { event: "contact.submitted", id, at: now }, async (db) => {
        await leadsRepository(db).insertContact({
          id,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          country: input.country ?? null,
          business_type: input.businessType ?? null,
          business_type_other: input.businessTypeOther ?? null,
          interested_in: input.interestedIn ?? null,
          planned_assets: JSON.stringify(input.plannedAssets),
          comments: input.comments ?? null,
          consent: input.consent ? 1 : 0,
          ...attributionColumns(input.attribution),
          status: "new",
          note: null,
          created_at: now,
          updated_at: now,
        });
        // The communications consent, when ticked, is recorded with its wording in the contact's transaction.
        if (input.consent) await consents.recordContactCommunications(db, { email: input.email, ip: clientIp, at: now });
      });
      return { _id: id };
    },

    async submitPartner(input: Partner, clientIp: string): Promise<{ _id: string }> {
      await limiter.consume(FORM_LIMITS.partner, clientIp);
      const ticket = await formGuard.check("partnership", input, clientIp);
      const now = nowIso();
      const id = newId();
      await store(ticket, { event: "partnership.submitted", id, at: now }, (db) =>
        leadsRepository(db).insertPartner({
          id,
          organization_name: input.organizationName,
          primary_contact_name: input.primaryContactName,
          first_name: input.firstName,
          last_name: input.lastName,
          social_profile: input.socialProfile ?? null,
          website_url: input.websiteUrl ?? "",
          email_or_telegram: input.emailOrTelegram,
          country: input.country ?? "",
          partnership_types: JSON.stringify(input.partnershipTypes),
          other_partnership_type: input.otherPartnershipType ?? null,
          ...attributionColumns(input.attribution),
          comments: input.comments ?? null,
          status: "new",
          note: null,
          created_at: now,
          updated_at: now,
        }),
      );
      return { _id: id };
    },
  };
}
