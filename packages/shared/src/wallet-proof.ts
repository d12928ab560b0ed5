import { z } from "./zod.ts";
import { WALLET_MESSAGES, WALLET_PROOF } from "./wallet-core.ts";

/** The proof a form sends next to its wallet address: the message it was given and the wallet's signature. */
export const walletProofSchema = z.object(
  {
    message: z
      .string({ error: WALLET_MESSAGES.signatureInvalid })
      .min(1, WALLET_MESSAGES.signatureInvalid)
      .max(WALLET_PROOF.messageMax, WALLET_MESSAGES.foreignMessage),
    signature: z
      .string({ error: WALLET_MESSAGES.signatureInvalid })
      .regex(/^0x[0-9a-fA-F]+$/, WALLET_MESSAGES.signatureInvalid)
      .max(WALLET_PROOF.signatureMax, WALLET_MESSAGES.signatureInvalid)
      .transform((v) => v as `0x${string}`),
  },
  { error: WALLET_MESSAGES.signatureInvalid },
);
export type WalletProof = z.output<typeof walletProofSchema>;
