import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ALLOWLIST_MESSAGES, allowlistProofSchema, proofQuerySchema } from "@vestin/shared/allowlist";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { addressSchema } from "@vestin/shared/wallet";

/** The token generation event: the Merkle proof of one address on a frozen allow-list. */
export const allowlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { allowlist } = app;

  app.get(
    "/airdrop/proof/:address",
    {
      schema: {
        tags: ["airdrop"],
        summary: "Amount and Merkle proof of an address on the frozen allow-list",
        description:
          "list=airdrop (default: the active sprint's frozen list, else the newest frozen airdrop list) or list=presale (the verified presale wallets). " +
          "The tree is an OpenZeppelin StandardMerkleTree with leaves [address, uint256 amount], amounts in 18 decimals: a claim contract checks it with " +
          "MerkleProof.verify(proof, root, keccak256(bytes.concat(keccak256(abi.encode(address, amount))))). " +
          `404 "${ALLOWLIST_MESSAGES.notListed}" or "${ALLOWLIST_MESSAGES.noneFrozen}"; 400 for a malformed address. Cached for a minute (a list changes only when an admin unfreezes it). 240 per hour per address.`,
        params: z.object({ address: addressSchema }),
        querystring: proofQuerySchema,
        response: { 200: successEnvelope(allowlistProofSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const data = await allowlist.proof(request.params.address, request.query.list, request.ip);
      void reply.header("cache-control", "public, max-age=60");
      return { success: true as const, data };
    },
  );
};
