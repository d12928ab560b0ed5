import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { CLUSTER_LIMITS, PUBLIC_MAIL_DOMAINS, referralClustersQuerySchema, referralClustersSchema } from "@vestin/shared/referral-clusters";
import { referralClusters } from "../leads/index.ts";

const bearer = [{ bearerAuth: [] }];

/** /admin/referrals/clusters: where referrals bunch up, to spot farming (registered inside the admin scope: admins only). */
export const referralClustersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/referrals/clusters",
    {
      schema: {
        tags: ["admin"],
        summary: "Referral clusters: many referrals of one referrer from one e-mail domain or one network",
        description:
          `The referrals of each referrer on a list (presale or testnet) that joined in the last \`days\` days (default ${CLUSTER_LIMITS.daysDefault}), ` +
          "grouped by the e-mail domain of the person referred and by the network they signed up from (IPv4 /24, IPv6 /48; the address itself is never stored), " +
          `keeping groups of at least \`min\` (default ${CLUSTER_LIMITS.minDefault}), largest first. Public mail providers (${PUBLIC_MAIL_DOMAINS.slice(0, 4).join(", ")} …, ` +
          "listed in the answer) never form a domain cluster. Each cluster says how many of its referrals were confirmed and how many moved the referrer up " +
          "(at most dailyBoosts in any 24 hours; later ones count without moving).",
        security: bearer,
        querystring: referralClustersQuerySchema,
        response: { 200: successEnvelope(referralClustersSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await referralClusters(app.database.db, request.query, app.config.referralDailyBoosts) }),
  );
};
