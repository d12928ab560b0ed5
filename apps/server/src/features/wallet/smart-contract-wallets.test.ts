import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keccak256, toHex } from "viem";
import { WALLET_MESSAGES } from "@vestin/shared/wallet";
import { describeEachDatabase, type TestContext } from "../../../test/harness.ts";
import { api, countRows } from "../../../test/helpers.ts";
import { claimBody } from "../../../test/lead-payloads.ts";
import { injectPost, newAccount, signedClaimBody } from "../../../test/wallet.ts";

/**
 * A stand-in Base JSON-RPC node: it answers the ERC-6492 validator call that viem makes for a
 * smart-contract wallet, saying "valid" only for one signature, so the wiring from RPC_URL through
 * viem's verification to the claim is exercised without a chain.
 */
function standInNode(acceptedSignature: string): Promise<{ url: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const payload = JSON.parse(raw) as
        | { id: number; method: string; params: Array<{ data?: string }> }
        | Array<{ id: number; method: string; params: Array<{ data?: string }> }>;
      const answer = (call: { id: number; method: string; params: Array<{ data?: string }> }) => {
        calls.push(call.method);
        if (call.method === "eth_chainId") return { jsonrpc: "2.0", id: call.id, result: toHex(8453) };
        // Every address is a deployed contract here (a Safe, say).
        if (call.method === "eth_getCode") return { jsonrpc: "2.0", id: call.id, result: "0x6080604052" };
        if (call.method === "eth_call") {
          const valid = (call.params[0]?.data ?? "").includes(acceptedSignature.slice(2));
          return { jsonrpc: "2.0", id: call.id, result: `0x${"0".repeat(63)}${valid ? 1 : 0}` };
        }
        return { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "method not found" } };
      };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(payload) ? payload.map(answer) : answer(payload)));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server })),
  );
}

/** A smart-contract wallet's signature: not a 65-byte ECDSA signature of any key. */
const contractSignature = (seed: string) => keccak256(toHex(seed)) + keccak256(toHex(`${seed}-2`)).slice(2) + keccak256(toHex(`${seed}-3`)).slice(2);

describe("smart-contract wallets", () => {
  const safe = newAccount();
  const accepted = contractSignature("the safe's owners approved this");
  let node: Awaited<ReturnType<typeof standInNode>> | undefined;
  beforeAll(async () => {
    node = await standInNode(accepted);
  });
  afterAll(() => node?.server.close());

  const claimWith = async (t: TestContext, signature: `0x${string}`, username: string) => {
    const post = injectPost(t.app);
    const challenge = await post("/api/v1/wallet/challenge", { address: safe.address, purpose: "airdrop-claim", zealyUsername: username });
    return post("/api/v1/pioneer-users", {
      ...claimBody({ zealyUsername: username, walletAddress: safe.address }),
      walletProof: { message: challenge.body.data.message, signature },
    });
  };

  describeEachDatabase("without RPC_URL", (t) => {
    it("says that smart-contract wallets need a connection to Base", async () => {
      const res = await claimWith(t(), accepted as `0x${string}`, "pioneer-0300");
      expect(res.status).toBe(400);
      expect(res.body.errors?.walletAddress).toBe(WALLET_MESSAGES.smartWalletNoRpc);
    });
  });

  describeEachDatabase(
    "with RPC_URL",
    (t) => {
      it("asks the node (ERC-1271 / ERC-6492) and accepts the signature it validates, refusing others", async () => {
        const ok = await claimWith(t(), accepted as `0x${string}`, "pioneer-0301");
        expect(ok.status).toBe(201);
        expect(node?.calls).toContain("eth_call");
        const bad = await claimWith(t(), contractSignature("someone else") as `0x${string}`, "pioneer-0302");
        expect(bad.status).toBe(400);
        expect(bad.body.errors?.walletAddress).toBe(WALLET_MESSAGES.signatureInvalid);
        // A key-held wallet never needs the node.
        const before = node?.calls.length;
        expect(
          (await api(t().app, "POST", "/api/v1/pioneer-users", await signedClaimBody(injectPost(t().app), { zealyUsername: "pioneer-0303" }))).status,
        ).toBe(201);
        expect(node?.calls.length).toBe(before);
      });
    },
    { env: () => ({ RPC_URL: node?.url ?? "" }) },
  );

  describeEachDatabase(
    "with an RPC node that is down",
    (t) => {
      it("answers 503 and stores nothing", async () => {
        const res = await claimWith(t(), accepted as `0x${string}`, "pioneer-0304");
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(WALLET_MESSAGES.smartWalletUnreachable);
        expect(await countRows(t().database.db, "pioneer_users")).toBe(0);
      });
    },
    { env: { RPC_URL: "http://127.0.0.1:9" } },
  );
});
