import { ShieldAlert, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { TWO_FACTOR, TWO_FACTOR_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from "@vestin/shared/two-factor";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { makeNewRecoveryCodes, startTwoFactorSetup, turnOffTwoFactor } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { formatDate } from "../format";
import type { TwoFactorState } from "../use-two-factor";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { SecondFactorConfirm } from "./second-factor-confirm";
import { SectionLoading, SettingsSection, type SectionStatus } from "./settings-section";
import { TwoFactorSetupForm } from "./two-factor-setup";

export const TWO_FACTOR_SECTION_ID = "two-factor";

type View =
  | { kind: "status" }
  | { kind: "setup"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[]; notice: string }
  | { kind: "new-codes" }
  | { kind: "turn-off" };

function StatusLine({ status }: { status: TwoFactorStatus }) {
  const Icon = status.enabled ? ShieldCheck : ShieldAlert;
  return (
    <div className="flex items-start gap-4">
      <span
        aria-hidden="true"
        className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ring-1 ${status.enabled ? "bg-success-bg text-success ring-success/25" : "bg-surface text-muted ring-line"}`}
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold">{ACCOUNT_COPY.twoFactorMethod}</span>
          <Badge tone={status.enabled ? "success" : "neutral"}>{status.enabled ? ACCOUNT_COPY.twoFactorOn : ACCOUNT_COPY.twoFactorOff}</Badge>
        </p>
        <p className="mt-1 text-sm text-muted" data-testid="two-factor-status">
          {status.enabled && status.enabledAt ? ACCOUNT_COPY.twoFactorOnSince(formatDate(status.enabledAt)) : ACCOUNT_COPY.twoFactorOffNote}
        </p>
      </div>
    </div>
  );
}

/**
 * Two-factor sign-in: its state; setting it up (QR code, key, first code); the ten
 * recovery codes shown once; new codes and turning it off, each after a current code.
 * Administrators must keep it on, so they get no "Turn off". The console sends them to
 * /account#two-factor, which this section scrolls to once it has loaded.
 */
export function TwoFactorSection({ state, email, onEnabled }: { state: TwoFactorState; email: string; onEnabled: () => void }) {
  const [view, setView] = useState<View>({ kind: "status" });
  const [result, setResult] = useState<SectionStatus>(null);
  const [busy, setBusy] = useState(false);
  const { hash } = useLocation();
  const scrolled = useRef(false);
  const status = state.status;

  useEffect(() => {
    if (!status || scrolled.current || hash !== `#${TWO_FACTOR_SECTION_ID}`) return;
    scrolled.current = true;
    document.getElementById(TWO_FACTOR_SECTION_ID)?.scrollIntoView({ block: "start" });
  }, [status, hash]);

  const setUp = async () => {
    setResult(null);
    setBusy(true);
    const started = await startTwoFactorSetup();
    setBusy(false);
    if (started.ok) setView({ kind: "setup", setup: started.data });
    else setResult({ tone: "danger", text: started.message });
  };

  const confirmFirst = (kind: "new-codes" | "turn-off") => {
    setResult(null);
    setView({ kind });
  };

  const back = (text?: string) => {
    setView({ kind: "status" });
    if (text) setResult({ tone: "success", text });
    void state.reload();
  };

  let body: ReactNode;
  if (state.error || !status) {
    body = <SectionLoading error={state.error} onRetry={() => void state.reload()} text="Loading your two-factor sign-in…" />;
  } else if (view.kind === "setup") {
    body = (
      <TwoFactorSetupForm
        setup={view.setup}
        onCancel={() => back()}
        onEnabled={(codes) => {
          setView({ kind: "codes", codes, notice: TWO_FACTOR_MESSAGES.enabled });
          void state.reload();
          onEnabled();
        }}
      />
    );
  } else if (view.kind === "codes") {
    body = <RecoveryCodesPanel codes={view.codes} email={email} notice={view.notice} consoleLink={status.required} onDone={() => back()} />;
  } else {
    body = (
      <div className="grid gap-6">
        <StatusLine status={status} />
        {status.required && !status.enabled && <Notice tone="notice">{TWO_FACTOR_MESSAGES.adminMustEnrol}</Notice>}
        {status.enabled && (
          <dl className="grid gap-4 border-t border-line pt-5 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">{ACCOUNT_COPY.codesLeftLabel}</dt>
              <dd className="mt-1 font-semibold" data-testid="recovery-codes-left">
                {ACCOUNT_COPY.codesLeft(status.recoveryCodesLeft, TWO_FACTOR.recoveryCodes)}
                {status.recoveryCodesLeft <= 3 && <span className="mt-0.5 block font-normal text-notice">{ACCOUNT_COPY.codesLow}</span>}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{ACCOUNT_COPY.devicesLabel}</dt>
              <dd className="mt-1">{ACCOUNT_COPY.devicesNote(status.rememberedDevices)}</dd>
            </div>
          </dl>
        )}
        <div>
          <div aria-live="polite" data-testid="two-factor-result">
            {result && (
              <Notice tone={result.tone} className="mb-4">
                {result.text}
              </Notice>
            )}
          </div>
          {view.kind === "new-codes" ? (
            <SecondFactorConfirm
              title={ACCOUNT_COPY.newCodesTitle}
              intro={ACCOUNT_COPY.newCodesIntro}
              confirmLabel={ACCOUNT_COPY.newCodes}
              busyLabel={ACCOUNT_COPY.newCodesBusy}
              send={makeNewRecoveryCodes}
              onDone={(data) => {
                setView({ kind: "codes", codes: data.recoveryCodes, notice: TWO_FACTOR_MESSAGES.codesRegenerated });
                void state.reload();
              }}
              onCancel={() => setView({ kind: "status" })}
            />
          ) : view.kind === "turn-off" ? (
            <SecondFactorConfirm
              title={ACCOUNT_COPY.turnOffTitle}
              intro={ACCOUNT_COPY.turnOffIntro}
              confirmLabel={ACCOUNT_COPY.turnOffConfirm}
              busyLabel={ACCOUNT_COPY.turnOffBusy}
              tone="danger"
              send={turnOffTwoFactor}
              onDone={(message) => back(message || TWO_FACTOR_MESSAGES.disabled)}
              onCancel={() => setView({ kind: "status" })}
            />
          ) : status.enabled ? (
            <div className="grid gap-4">
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button variant="outline" onClick={() => confirmFirst("new-codes")}>
                  {ACCOUNT_COPY.newCodes}
                </Button>
                {!status.required && (
                  <Button variant="ghost" className="text-danger hover:bg-danger-bg" onClick={() => confirmFirst("turn-off")}>
                    {ACCOUNT_COPY.turnOff}
                  </Button>
                )}
              </div>
              {status.required && <p className="text-sm text-muted">{ACCOUNT_COPY.adminKeepsIt}</p>}
            </div>
          ) : (
            <div>
              <Button onClick={() => void setUp()} disabled={busy}>
                <ShieldCheck aria-hidden="true" className="size-4" />
                {busy ? ACCOUNT_COPY.twoFactorStarting : ACCOUNT_COPY.twoFactorSetUp}
              </Button>
            </div>
          )}
        </div>
      </div>
    );
  }

  return (
    <SettingsSection id={TWO_FACTOR_SECTION_ID} title={ACCOUNT_COPY.twoFactorTitle} intro={ACCOUNT_COPY.twoFactorIntro}>
      {body}
    </SettingsSection>
  );
}
