import { Eye } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { Campaign, CampaignPreview as Preview, SubscriberStats } from "@vestin/shared/newsletter";
import { NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter-core";
import { Button } from "~/components/ui/button";
import { useAuth } from "~/lib/session/auth-store";
import { describeFailure } from "../api/admin-request";
import { AdminPageTitle, BackLink } from "../components/admin-page-title";
import { ConfirmDialog, LeaveWithoutSavingDialog } from "../components/confirm-dialog";
import { DeleteButton, EditorBar, FormErrorNotice, SaveButton } from "../components/editor-parts";
import { Panel, PendingPage } from "../components/query-states";
import { MarkdownEditor } from "../content/markdown-editor";
import { otherErrors } from "../content/field-errors";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useUnsavedChanges } from "../hooks/use-unsaved-changes";
import { CampaignStatusBadge } from "./campaign-badges";
import { CampaignDelivery } from "./campaign-delivery";
import { CampaignFields, CampaignSummary, draftOf, EMPTY_DRAFT, sameDraft, type CampaignDraft } from "./campaign-fields";
import { CampaignPreview } from "./campaign-preview";
import { CampaignSendPanel, type TestResult } from "./campaign-send-panel";
import {
  cancelCampaign,
  campaignPath,
  createCampaign,
  deleteCampaign,
  NEWSLETTER_STATS_PATH,
  previewCampaign,
  sendCampaign,
  sendTestCampaign,
  updateCampaign,
} from "./newsletter-api";
import { SendDialog, type SendMode } from "./send-dialog";

/** While a campaign is being sent, its figures are read again this often. */
const POLL_MS = 2000;
const FIELDS = ["kind", "subject", "body", "articleId", "articleContent"];
const STATUS_NOTES: Record<Campaign["status"], string> = {
  draft: "Save, preview and send yourself a test before it goes to subscribers.",
  scheduled: "It goes out at the scheduled time unless you cancel the schedule.",
  sending: "Going out now; this page follows it.",
  sent: "Sent. Its results stay here.",
  cancelled: "Cancelled before it went out to everyone.",
};

/** Create (id "new") or edit a campaign; preview it, test it, send or schedule it, and follow it going out. */
export function CampaignEditor({ id }: { id: string }) {
  const isNew = id === "new";
  const { user } = useAuth();
  const loaded = useAdminQuery<Campaign>(isNew ? null : campaignPath(id));
  const stats = useAdminQuery<SubscriberStats>(NEWSLETTER_STATS_PATH);
  // The campaign just created, shown while its own address loads.
  const [created, setCreated] = useState<Campaign | null>(null);
  const current = loaded.data && loaded.dataPath === campaignPath(id) ? loaded.data : undefined;
  const campaign = isNew ? undefined : (current ?? (created?._id === id ? created : undefined));
  const [draft, setDraft] = useState<CampaignDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ open: boolean; data: Preview | null; loading: boolean; error: string | null }>({
    open: false,
    data: null,
    loading: false,
    error: null,
  });
  const [lastTest, setLastTest] = useState<TestResult | null>(null);
  const [sendMode, setSendMode] = useState<SendMode | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (campaign) setDraft(draftOf(campaign));
  }, [campaign]);

  // Another campaign (or a new one) starts clean; the one just created keeps its preview and test.
  const startClean = useEffectEvent((campaignId: string) => {
    if (created?._id === campaignId) return;
    setDraft(EMPTY_DRAFT);
    setErrors({});
    setFormError(null);
    setPreview({ open: false, data: null, loading: false, error: null });
    setLastTest(null);
  });
  useEffect(() => startClean(id), [id]);

  const isDraft = isNew || campaign?.status === "draft";
  const baseline = campaign ? draftOf(campaign) : EMPTY_DRAFT;
  const dirty = isDraft && !sameDraft(draft, baseline);
  const { blocker, leaveTo } = useUnsavedChanges(dirty && !busy);
  const { reload } = loaded;

  // Sending: read the figures every 2 s. Scheduled: look again when the time comes.
  const status = campaign?.status;
  const scheduledAt = campaign?.scheduledAt;
  useEffect(() => {
    if (status === "sending") {
      const timer = setInterval(reload, POLL_MS);
      return () => clearInterval(timer);
    }
    if (status === "scheduled" && scheduledAt) {
      const wait = Math.min(Math.max(Date.parse(scheduledAt) - Date.now(), 0) + 1500, 2 ** 31 - 1);
      const timer = setTimeout(reload, wait);
      return () => clearTimeout(timer);
    }
  }, [status, scheduledAt, reload]);

  // A sent or scheduled campaign opens with its preview: that is what subscribers get. Only a new
  // campaign or status opens it: a poll's fresh copy does not reopen a preview the admin closed.
  const showPreviewOf = useEffectEvent((campaignId: string) => {
    if (!preview.open) void loadPreview(campaignId, false);
  });
  const campaignId = campaign?._id;
  useEffect(() => {
    if (campaignId && status && status !== "draft") showPreviewOf(campaignId);
  }, [campaignId, status]);

  const change = (changes: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...changes }));
  // The server's latest answer about this campaign, kept even while its address is still loading.
  const remember = (saved: Campaign) => {
    loaded.setData(() => saved);
    setCreated(saved);
  };

  /** Saves the draft when it is new or has changes; the saved campaign, or null (errors shown). */
  const ensureSaved = async (): Promise<Campaign | null> => {
    if (campaign && !dirty) return campaign;
    const local: Record<string, string> = {};
    if (draft.kind === "article" && !draft.articleId) local.articleId = NEWSLETTER_MESSAGES.articleRequired;
    if (draft.kind === "markdown" && !draft.subject.trim()) local.subject = NEWSLETTER_MESSAGES.subjectRequired;
    if (draft.kind === "markdown" && !draft.body.trim()) local.body = NEWSLETTER_MESSAGES.bodyRequired;
    setErrors(local);
    if (Object.keys(local).length) {
      setFormError("Some fields need attention.");
      return null;
    }
    const subject = draft.subject.trim() || (draft.kind === "article" ? draft.articleTitle : "") || undefined;
    const fields = draft.kind === "article" ? { subject, articleId: draft.articleId, articleContent: draft.articleContent } : { subject, body: draft.body };
    setFormError(null);
    const result = campaign ? await updateCampaign(campaign._id, fields) : await createCampaign({ kind: draft.kind, ...fields });
    if (!result.ok) {
      setErrors(result.errors ?? {});
      setFormError(describeFailure(result));
      return null;
    }
    setErrors({});
    remember(result.data);
    if (!campaign) leaveTo(`/admin/newsletter/campaigns/${result.data._id}`, { replace: true });
    return result.data;
  };

  /** Runs an action with the buttons disabled (a lost connection is a failed result, shown by the action). */
  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    void run(async () => {
      const wasNew = !campaign;
      const saved = await ensureSaved();
      if (saved) toast.success(wasNew ? "Draft created" : "Draft saved", { description: saved.subject });
    });
  };

  /** Opens the preview panel and fills it; a failure is shown in the panel. */
  async function loadPreview(campaignId: string, scroll: boolean) {
    setPreview((p) => ({ ...p, open: true, loading: true, error: null }));
    const result = await previewCampaign(campaignId);
    if (!result.ok) setPreview((p) => ({ ...p, loading: false, error: describeFailure(result) }));
    else setPreview({ open: true, data: result.data, loading: false, error: null });
    if (scroll) requestAnimationFrame(() => previewRef.current?.scrollIntoView({ block: "start" }));
  }

  const openPreview = () =>
    void run(async () => {
      const saved = await ensureSaved();
      if (saved) await loadPreview(saved._id, true);
    });

  const sendTest = () =>
    void run(async () => {
      const saved = await ensureSaved();
      if (!saved) return;
      const result = await sendTestCampaign(saved._id);
      if (!result.ok) {
        toast.error("Test not sent", { description: describeFailure(result) });
        return;
      }
      setLastTest({ to: result.data.to, at: new Date() });
      toast.success("Test e-mail sent", { description: `To ${result.data.to}` });
    });

  const askToSend = (mode: SendMode) =>
    void run(async () => {
      if (await ensureSaved()) setSendMode(mode);
    });

  const send = async (when: string | undefined): Promise<string | null> => {
    if (!campaign) return "Save the draft first.";
    const result = await sendCampaign(campaign._id, when);
    if (!result.ok) return describeFailure(result);
    remember(result.data);
    setSendMode(null);
    stats.reload();
    toast.success(result.data.status === "scheduled" ? "Campaign scheduled" : "Sending started", { description: result.data.subject });
    return null;
  };

  const cancelSchedule = () =>
    void run(async () => {
      if (!campaign) return;
      const result = await cancelCampaign(campaign._id);
      if (!result.ok) {
        toast.error("Schedule not cancelled", { description: describeFailure(result) });
        return;
      }
      remember(result.data);
      toast.success("Schedule cancelled", { description: "The campaign is a draft again." });
    });

  const remove = async () => {
    if (!campaign) return;
    const result = await deleteCampaign(campaign._id);
    if (!result.ok) {
      toast.error("Draft not deleted", { description: describeFailure(result) });
      return;
    }
    setConfirmDelete(false);
    toast.success("Draft deleted");
    leaveTo("/admin/newsletter");
  };

  const back = <BackLink to="/admin/newsletter">Newsletter</BackLink>;

  if (!isNew && !campaign) return <PendingPage title="Campaign" back={back} query={loaded} label="Loading the campaign…" rows={6} />;

  const confirmed = stats.data?.counts.confirmed;

  return (
    <>
      <form onSubmit={save} noValidate aria-label={isNew ? "New campaign" : "Campaign"}>
        <AdminPageTitle
          back={back}
          title={isNew ? "New campaign" : campaign?.subject || "Untitled campaign"}
          description={
            campaign ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                <CampaignStatusBadge status={campaign.status} />
                {STATUS_NOTES[campaign.status]}
              </span>
            ) : (
              "Send an article or write a message; preview it and send yourself a test before it goes out."
            )
          }
        />

        <FormErrorNotice message={formError} details={otherErrors(errors, FIELDS)} />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            {isDraft ? (
              <CampaignFields draft={draft} onChange={change} errors={errors} kindLocked={!isNew} />
            ) : (
              campaign && <CampaignSummary campaign={campaign} />
            )}
          </div>
          {/* Phones: a draft's send panel comes after the message and its preview; a sent campaign's results come first. */}
          <div className={isDraft ? "order-last min-w-0 lg:order-none" : "order-first min-w-0 lg:order-none"}>
            {isDraft ? (
              <CampaignSendPanel
                confirmed={confirmed}
                adminEmail={user?.email}
                lastTest={lastTest}
                busy={busy}
                onTest={sendTest}
                onSendNow={() => askToSend("now")}
                onSchedule={() => askToSend("schedule")}
              />
            ) : (
              campaign && <CampaignDelivery campaign={campaign} busy={busy} onCancelSchedule={cancelSchedule} />
            )}
          </div>
          {isDraft && draft.kind === "markdown" && (
            <div className="min-w-0 lg:col-span-2">
              <Panel title="Message">
                <MarkdownEditor label="Message (Markdown)" value={draft.body} onChange={(body) => change({ body })} error={errors.body} rows={14} />
              </Panel>
            </div>
          )}
          {preview.open && (
            <div ref={previewRef} className="min-w-0 scroll-mt-20 lg:col-span-2">
              <CampaignPreview
                preview={preview.data}
                loading={preview.loading}
                error={preview.error}
                stale={dirty}
                onRefresh={campaign ? (isDraft ? openPreview : () => void loadPreview(campaign._id, false)) : undefined}
                onClose={() => setPreview((p) => ({ ...p, open: false }))}
              />
            </div>
          )}
        </div>

        {isDraft && (
          <EditorBar
            status={
              <p className="sr-only text-xs text-muted sm:not-sr-only" aria-live="polite">
                {busy ? "Working…" : dirty ? "Unsaved changes" : campaign ? "All changes saved" : "Not saved yet"}
              </p>
            }
          >
            {campaign && (
              <DeleteButton className="max-sm:px-3" onClick={() => setConfirmDelete(true)} disabled={busy}>
                <span className="sr-only sm:not-sr-only">Delete</span>
              </DeleteButton>
            )}
            <Button variant="outline" size="sm" className="max-sm:px-3" onClick={openPreview} disabled={busy}>
              <Eye aria-hidden="true" className="size-4" /> Preview e-mail
            </Button>
            <SaveButton disabled={busy} className="max-sm:px-3">
              Save draft
            </SaveButton>
          </EditorBar>
        )}
      </form>

      <SendDialog
        mode={sendMode}
        subject={campaign?.subject ?? draft.subject}
        confirmed={confirmed}
        onOpenChange={(open) => !open && setSendMode(null)}
        onSend={send}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this draft?"
        description={<>“{campaign?.subject}” will be removed. It has not been sent to anyone.</>}
        confirmLabel="Delete draft"
        onConfirm={remove}
      />
      <LeaveWithoutSavingDialog blocker={blocker} description="Your changes to this campaign are not saved yet. They will be lost if you leave this page." />
    </>
  );
}
