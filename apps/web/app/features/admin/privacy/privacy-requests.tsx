import { isLeadKind } from "@vestin/shared/lead-kinds";
import { Download, Eraser } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { saveBlob } from "~/lib/api-files";
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import { erasePersonalData, exportPersonalData, type ErasureResult } from "../api/users-api";
import { AdminInput } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Panel } from "../components/query-states";
import { LEAD_TYPES } from "../leads/lead-types";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Access and deletion requests (the privacy policy promises both): everything held about one
 * e-mail address as a JSON file, or erased after the address is typed again. Both are audit-logged.
 */
export function PrivacyRequests() {
  const form = useApiForm({ defaultValues: { email: "" } });
  const [confirmErase, setConfirmErase] = useState(false);
  const [erased, setErased] = useState<{ email: string; result: ErasureResult } | null>(null);
  const address = form.values.email.trim().toLowerCase();
  const error = form.error("email");
  const busy = form.busy;

  const check = () => {
    if (!EMAIL.test(address)) {
      form.showErrors({ email: "Enter the e-mail address of the person who asked." });
      return false;
    }
    form.clearErrors();
    return true;
  };

  const runExport = async () => {
    if (!check()) return;
    const result = await exportPersonalData(address);
    if (!result.ok) {
      form.showErrors({ email: result.errors?.email ?? describeFailure(result) });
      return;
    }
    const stamp = new Date().toISOString().slice(0, 10);
    const safeName = address.replace(/[^a-z0-9.@_-]/g, "_");
    saveBlob(new Blob([JSON.stringify(result.data, null, 2)], { type: "application/json" }), `vestin-personal-data-${safeName}-${stamp}.json`);
    toast.success("Export downloaded", { description: `Everything held about ${address}, as JSON.` });
  };

  const runErase = async () => {
    const result = await erasePersonalData(address);
    if (!result.ok) {
      setConfirmErase(false);
      form.showErrors({ email: result.errors?.email ?? describeFailure(result) });
      return;
    }
    setConfirmErase(false);
    setErased({ email: address, result: result.data });
    form.reset({ email: "" });
    toast.success("Personal data erased", { description: address });
  };

  const leadCounts = erased ? Object.entries(erased.result.erased.leads ?? {}) : [];
  const leadTotal = leadCounts.reduce((sum, [, n]) => sum + Number(n || 0), 0);

  return (
    <>
      <AdminPageTitle
        title="Privacy requests"
        description="When someone asks what Vestin holds about them, or asks to be forgotten. Both actions are recorded in the audit log (with a fingerprint of the address, not the address itself)."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,36rem)_1fr]">
        <Panel title="Person">
          <form onSubmit={(event) => void form.handleSubmit(runExport)(event)} noValidate className="space-y-4">
            <AdminInput
              label="Their e-mail address"
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={form.values.email}
              onChange={(e) => form.set("email", e.target.value)}
              error={error}
              hint="Leads, the account, enrolments, progress, certificates and consent records are found by this address."
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                <Download aria-hidden="true" className="size-4" /> {busy ? "Collecting…" : "Export data (JSON)"}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger hover:bg-danger-bg"
                disabled={busy}
                onClick={() => {
                  setErased(null);
                  if (check()) setConfirmErase(true);
                }}
              >
                <Eraser aria-hidden="true" className="size-4" /> Erase all data…
              </Button>
            </div>
          </form>
        </Panel>
        <div aria-live="polite">
          {erased && (
            <Notice tone="success">
              <p className="font-semibold">Erased everything held about {erased.email}.</p>
              <ul className="mt-2 space-y-0.5">
                <li>Account: {erased.result.erased.account ? "deleted, with its sessions, enrolments, progress and certificates" : "none found"}</li>
                {leadCounts.length === 0 || leadTotal === 0 ? (
                  <li>Leads: none found</li>
                ) : (
                  leadCounts
                    .filter(([, n]) => Number(n) > 0)
                    .map(([type, n]) => (
                      <li key={type}>
                        {isLeadKind(type) ? LEAD_TYPES[type].tab : type}: {n} {Number(n) === 1 ? "record" : "records"}
                      </li>
                    ))
                )}
              </ul>
            </Notice>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmErase}
        onOpenChange={setConfirmErase}
        title="Erase this person's data?"
        description={
          <>
            Every lead sent with <strong className="text-ink">{address}</strong> and the account with this address (its enrolments, progress, certificates and
            sessions) are deleted for good. Export the data first if the person also asked for a copy.
          </>
        }
        confirmLabel="Erase for good"
        typeToConfirm={address}
        onConfirm={runErase}
      />
    </>
  );
}
