import type { LeadKind } from "@vestin/shared/lead-kinds";
import { Mail, Save } from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import { leadPath, updateLead } from "../api/leads-api";
import { AdminSelect, AdminTextarea } from "../components/admin-fields";
import { LoadError, LoadingBlock } from "../components/query-states";
import { SidePanel } from "../components/side-panel";
import { LeadStatusBadge } from "../components/status-badge";
import { useAdminQuery } from "../hooks/use-admin-query";
import { detailFields, fieldText, formatDateTime, isLeadStatus, LEAD_STATUS_LABELS, LEAD_STATUSES, LEAD_TYPES, type Lead, type LeadStatus } from "./lead-types";

const NOTE_MAX = 2000;

/** The address to write back to, when the lead left one. */
function replyAddress(lead: Lead): string | null {
  for (const field of ["email", "emailOrTelegram"]) {
    const value = lead[field];
    if (typeof value === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return value;
  }
  return null;
}

/**
 * One lead: every field as plain text (React escapes it; no HTML from a visitor is ever
 * interpreted), with the team's status and note.
 */
export function LeadDetailPanel({
  type,
  leadId,
  onClose,
  onSaved,
}: {
  type: LeadKind;
  leadId: string | null;
  onClose: () => void;
  onSaved: (lead: Lead) => void;
}) {
  const config = LEAD_TYPES[type];
  const query = useAdminQuery<Lead>(leadId ? leadPath(type, leadId) : null);
  const lead = query.data && query.data._id === leadId ? query.data : undefined;
  const form = useApiForm<{ status: LeadStatus; note: string }>({ defaultValues: { status: "new", note: "" } });
  const { reset } = form;
  const { status, note } = form.values;
  const saving = form.busy;
  const error = form.error("note");

  useEffect(() => {
    if (lead) reset({ status: lead.status, note: lead.note ?? "" });
  }, [lead, reset]);

  const dirty = lead ? status !== lead.status || note !== (lead.note ?? "") : false;

  const send = async (values: { status: LeadStatus; note: string }) => {
    if (!lead || !leadId) return;
    const result = await updateLead(type, leadId, { status: values.status, note: values.note.trim() ? values.note : null });
    if (!result.ok) {
      // The note's field shows why the follow-up was not saved, whichever field the server named.
      form.showErrors({ note: result.errors?.note ?? result.errors?.status ?? describeFailure(result) });
      return;
    }
    query.setData(() => result.data);
    onSaved(result.data);
    toast.success("Lead updated", { description: `${config.title(result.data)} is now “${LEAD_STATUS_LABELS[result.data.status]}”.` });
  };

  const save = () => form.handleSubmit(send)();

  return (
    <SidePanel
      open={leadId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={lead ? config.title(lead) : "Lead"}
      description={lead ? `${config.tab} · received ${formatDateTime(lead.createdAt)}` : undefined}
      footer={
        lead && (
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-muted" aria-live="polite">
              {dirty ? "Unsaved changes" : "All changes saved"}
            </p>
            <Button size="sm" variant="secondary" onClick={() => void save()} disabled={saving || !dirty}>
              <Save aria-hidden="true" className="size-4" /> {saving ? "Saving…" : "Save"}
            </Button>
          </div>
        )
      }
    >
      {query.error && !lead ? (
        <LoadError message={query.error} status={query.status} onRetry={query.reload} />
      ) : !lead ? (
        <LoadingBlock label="Loading the lead…" rows={6} />
      ) : (
        <div className="space-y-6">
          <form className="space-y-4 rounded-xl border border-line bg-surface p-4" onSubmit={(event) => void form.handleSubmit(send)(event)}>
            <div className="flex items-center justify-between gap-3">
              <h3 className="text-sm font-semibold text-ink">Follow-up</h3>
              <LeadStatusBadge status={lead.status} />
            </div>
            <AdminSelect label="Status" value={status} onChange={(event) => isLeadStatus(event.target.value) && form.set("status", event.target.value)}>
              {LEAD_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {LEAD_STATUS_LABELS[value]}
                </option>
              ))}
            </AdminSelect>
            <AdminTextarea
              label="Note"
              rows={4}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => form.set("note", event.target.value)}
              hint={`Only the team sees this. ${NOTE_MAX - note.length} characters left.`}
              error={error}
            />
          </form>
          <section aria-labelledby="lead-fields-title">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 id="lead-fields-title" className="text-sm font-semibold text-ink">
                What they sent
              </h3>
              {replyAddress(lead) && (
                <a href={`mailto:${replyAddress(lead)}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-violet hover:underline">
                  <Mail aria-hidden="true" className="size-4" /> Reply by e-mail
                </a>
              )}
            </div>
            <dl className="divide-y divide-line rounded-xl border border-line">
              {detailFields(config, lead).map(([field, label]) => (
                <div key={field} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted sm:pt-0.5">{label}</dt>
                  <dd className="text-sm break-words whitespace-pre-wrap text-ink">{fieldText(field, lead[field])}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 font-mono text-xs text-muted">ID {lead._id}</p>
          </section>
        </div>
      )}
    </SidePanel>
  );
}
