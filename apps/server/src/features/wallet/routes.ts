import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { walletChallengeAnswerSchema, walletChallengeSchema, WALLET_PROOF } from "@vestin/shared/wallet";

/** Wallet ownership: the Sign-In with Ethereum message a wallet signs for a claim or the presale. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet } = app;

  app.post(
    "/wallet/challenge",
    {
      schema: {
        tags: ["wallet"],
        summary: "Get a Sign-In with Ethereum (EIP-4361) message to sign with a wallet",
        description:
          `The message names this site (domain and URI from PUBLIC_URL), Base (chain id ${WALLET_PROOF.chainId}), the address, a single-use nonce and an expiry ` +
          `${WALLET_PROOF.nonceTtlMs / 60_000} minutes after issue; for purpose airdrop-claim its statement names the Zealy username (required). ` +
          "Sign it unchanged (personal_sign) and send { message, signature } as walletProof with the claim (POST /pioneer-users) or the presale registration (POST /presale): " +
          "the nonce is spent in the transaction that stores that record, so a signature proves one record, once. A changed message, another address, purpose or username, " +
          "an expired or used nonce are refused there with 400. 120 messages per hour per address.",
        body: walletChallengeSchema,
        response: { 201: successEnvelope(walletChallengeAnswerSchema), 400: errorEnvelopeSchema, 415: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return reply.status(201).send({ success: true, data: await wallet.challenge(request.body, request.ip) });
    },
  );
};
