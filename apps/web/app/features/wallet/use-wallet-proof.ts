import { useEffect, useRef, useState } from "react";
import { WALLET_MESSAGES, WALLET_PROOF, type WalletPurpose } from "@vestin/shared/wallet-core";
import { requestWalletChallenge } from "./api/wallet-api";
import { discoverWallets, requestWallets, type AnnouncedWallet } from "./eip6963";
import type { WalletConnection } from "./wallet-client";
import { BUSY_STEPS, type WalletStep } from "./wallet-steps";

/** The viem part, loaded on the first click (and then kept by the module cache). */
const loadWalletClient = () => import("./wallet-client");

/** What the person signs with: the proof's purpose and, for a claim, the username it is bound to. */
type ProofRequest = {
  purpose: WalletPurpose;
  zealyUsername?: string | undefined;
  /** Checked first: false when the form must be completed before signing (the form says why). */
  canStart?: (() => boolean) | undefined;
  /** Field errors the server gave for the challenge (e.g. the username), for the form to show. */
  onFieldErrors?: ((errors: Record<string, string>) => void) | undefined;
  onSigned: (proof: { address: `0x${string}`; message: string; signature: `0x${string}` }) => void;
};

/**
 * The steps of proving a wallet (EIP-6963 discovery, connecting, the network, the server's
 * EIP-4361 message, the signature), each answer checked against the attempt it belongs to: a
 * cancelled or abandoned attempt's late answers change nothing.
 */
export function useWalletProof({ purpose, zealyUsername, canStart, onFieldErrors, onSigned }: ProofRequest) {
  const [step, setStep] = useState<WalletStep>({ kind: "idle" });
  const [walletUsed, setWalletUsed] = useState<AnnouncedWallet | null>(null);
  // Each start gets a number; answers of an abandoned attempt (cancelled, unmounted) are ignored.
  const attempt = useRef(0);

  // Discovery is a few plain events: start it on mount, so the wallets are known by the first click.
  useEffect(() => {
    requestWallets();
    return () => {
      attempt.current++;
    };
  }, []);

  const busy = BUSY_STEPS.has(step.kind);
  const begin = () => ++attempt.current;
  const current = (run: number) => run === attempt.current;

  const start = async () => {
    if (busy) return;
    if (canStart && !canStart()) return;
    const run = begin();
    setStep({ kind: "discovering" });
    // Warm viem up while the wallets answer: the click is the person's start.
    void loadWalletClient();
    const wallets = await discoverWallets();
    if (!current(run)) return;
    const [only] = wallets;
    if (!only) setStep({ kind: "no-wallet" });
    else if (wallets.length === 1) await connect(only, run);
    else setStep({ kind: "choosing", wallets });
  };

  const connect = async (wallet: AnnouncedWallet, run = begin()) => {
    setWalletUsed(wallet);
    setStep({ kind: "connecting", wallet });
    try {
      const lib = await loadWalletClient();
      const { client, address } = await lib.connectWallet(wallet.provider);
      if (!current(run)) return;
      if (!address) {
        setStep({ kind: "locked", wallet });
        return;
      }
      const connection = { client, address };
      const chainId = await lib.walletChainId(client);
      if (!current(run)) return;
      if (chainId !== WALLET_PROOF.chainId) setStep({ kind: "wrong-network", wallet, connection });
      else await sign(wallet, connection, run);
    } catch (error) {
      if (!current(run)) return;
      const code = (await loadWalletClient()).walletErrorCode(error);
      if (code === 4001) setStep({ kind: "connect-rejected", wallet });
      else if (code === -32002) setStep({ kind: "locked", wallet });
      else setStep({ kind: "failed", message: WALLET_MESSAGES.walletError });
    }
  };

  const switchNetwork = async (wallet: AnnouncedWallet, connection: WalletConnection) => {
    const run = begin();
    setStep({ kind: "switching", wallet });
    const lib = await loadWalletClient();
    try {
      await lib.switchToBase(connection.client);
    } catch {
      // Refused or not possible: the person can still sign on the network the wallet is on.
      if (current(run)) setStep({ kind: "wrong-network", wallet, connection, switchRefused: true });
      return;
    }
    if (current(run)) await sign(wallet, connection, run);
  };

  const sign = async (wallet: AnnouncedWallet, connection: WalletConnection, run = begin()) => {
    setStep({ kind: "preparing", wallet });
    const answer = await requestWalletChallenge({ address: connection.address, purpose, ...(zealyUsername ? { zealyUsername: zealyUsername.trim() } : {}) });
    if (!current(run)) return;
    if (!answer.ok) {
      if (answer.errors) onFieldErrors?.(answer.errors);
      setStep({ kind: "failed", message: answer.message });
      return;
    }
    setStep({ kind: "signing", wallet });
    const lib = await loadWalletClient();
    try {
      const signature = await lib.signWithWallet(connection, answer.data.message);
      if (!current(run)) return;
      setStep({ kind: "idle" });
      onSigned({ address: connection.address, message: answer.data.message, signature });
    } catch (error) {
      if (!current(run)) return;
      setStep(lib.walletErrorCode(error) === 4001 ? { kind: "rejected", wallet, connection } : { kind: "failed", message: WALLET_MESSAGES.walletError });
    }
  };

  /** Back to the start; whatever the abandoned attempt still hears back is ignored. */
  const stop = () => {
    begin();
    setStep({ kind: "idle" });
  };

  return { step, busy, walletUsed, start, connect, switchNetwork, sign, stop };
}
