import { z } from "./zod.ts";

/*
 * Allow-lists for the token generation event: OpenZeppelin StandardMerkleTree with
 * leaves [address, uint256 amount], amounts in the token's 18 decimals.
 */

export const ALLOWLIST_KINDS = ["airdrop", "presale"] as const;
export type AllowlistKind = (typeof ALLOWLIST_KINDS)[number];

/** The token's decimals: an amount of 1 $VSTN is 10^18 base units in a leaf. */
export const TOKEN_DECIMALS = 18;
/** The leaf encoding of every list, as a claim contract must hash it. */
export const LEAF_ENCODING = ["address", "uint256"] as const;

export const ALLOWLIST_MESSAGES = {
  noneFrozen: "No allow-list has been frozen yet",
  notListed: "This address is not on the allow-list",
} as const;

const HASH = /^0x[0-9a-f]{64}$/;

export const proofQuerySchema = z.object({
  list: z
    .enum(ALLOWLIST_KINDS, { error: `list must be one of: ${ALLOWLIST_KINDS.join(", ")}` })
    .default("airdrop")
    .describe("airdrop (default: the active sprint's frozen list, else the newest frozen airdrop list) or presale (the wallets verified by signature)."),
});

export const allowlistProofSchema = z.object({
  list: z.enum(ALLOWLIST_KINDS),
  listId: z.string().describe("The frozen list's id (npm run admin -- allowlist show)."),
  sprintId: z.string().nullable().describe("The sprint of an airdrop list; null for the presale list."),
  root: z.string().regex(HASH).describe("The Merkle root the claim contract holds."),
  address: z.string().describe("The address, EIP-55."),
  amount: z
    .string()
    .regex(/^[0-9]+$/)
    .describe("The leaf's uint256: base units (18 decimals), as a decimal string."),
  amountTokens: z.number().describe("The same amount in tokens, for display (amount is the exact figure)."),
  leafIndex: z.number().int().describe("The leaf's index in the tree dump."),
  proof: z.array(z.string().regex(HASH)).describe("Sibling hashes from the leaf up to the root, for OpenZeppelin MerkleProof.verify."),
  frozenAt: z.string().describe("When the list was frozen (ISO 8601, UTC)."),
});
export type AllowlistProof = z.infer<typeof allowlistProofSchema>;
