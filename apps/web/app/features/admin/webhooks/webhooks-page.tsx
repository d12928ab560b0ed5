import type { ApiResult } from "~/lib/api-client";
import { Plus, Webhook } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint, WebhookSecretAnswer } from "@vestin/shared/webhooks-core";
import { Button } from "~/components/ui/button";
import { describeFailure } from "../api/admin-request";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { LoadError, LoadingBlock } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { DeliveryLog } from "./delivery-log";
import { EndpointCard, endpointName, type EndpointAction } from "./endpoint-card";
import { EndpointFormDialog } from "./endpoint-form-dialog";
import { SecretDialog } from "./secret-dialog";
import { deleteEndpoint, rotateSecret, sendTestEvent, updateEndpoint, WEBHOOKS_PATH } from "./webhooks-api";

type Confirm = { kind: "delete" | "rotate"; endpoint: WebhookEndpoint };

/** /admin/webhooks: the endpoints that receive new leads, their secrets and their delivery logs. */
export function WebhooksPage() {
  const list = useAdminQuery<WebhookEndpoint[]>(WEBHOOKS_PATH);
  const [form, setForm] = useState<{ open: boolean; endpoint?: WebhookEndpoint }>({ open: false });
  const [secret, setSecret] = useState<{ answer: WebhookSecretAnswer; rotated: boolean } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async <T,>(endpoint: WebhookEndpoint, call: () => Promise<ApiResult<T>>, failure: string) => {
    setBusyId(endpoint._id);
    try {
      const result = await call();
      if (!result.ok) toast.error(failure, { description: describeFailure(result) });
      return result.ok ? result.data : undefined;
    } finally {
      setBusyId(null);
    }
  };

  const onAction = async (action: EndpointAction, endpoint: WebhookEndpoint) => {
    switch (action) {
      case "log":
        return setLogOf(endpoint);
      case "edit":
        return setForm({ open: true, endpoint });
      case "delete":
      case "rotate":
        return setConfirm({ kind: action, endpoint });
      case "test": {
        const delivery = await run(endpoint, () => sendTestEvent(endpoint._id), "Test event not sent");
        if (delivery) {
          toast.success("Test event queued", { description: "Its result appears in the delivery log within seconds." });
          setLogOf(endpoint);
        }
        return;
      }
      case "toggle": {
        const status = endpoint.status === "active" ? "disabled" : "active";
        const updated = await run(endpoint, () => updateEndpoint(endpoint._id, { status }), "Endpoint not changed");
        if (updated) {
          toast.success(status === "disabled" ? "Endpoint disabled" : "Endpoint active", {
            description: status === "disabled" ? "It receives no events until you enable it." : "New events will be sent to it.",
          });
          list.reload();
        }
      }
    }
  };

  const confirmAction = async () => {
    if (!confirm) return;
    const { kind, endpoint } = confirm;
    if (kind === "delete") {
      const result = await deleteEndpoint(endpoint._id);
      if (!result.ok) {
        toast.error("Endpoint not deleted", { description: describeFailure(result) });
        return;
      }
      toast.success("Endpoint deleted", { description: endpointName(endpoint) });
    } else {
      const result = await rotateSecret(endpoint._id);
      if (!result.ok) {
        toast.error("Secret not rotated", { description: describeFailure(result) });
        return;
      }
      setSecret({ answer: result.data, rotated: true });
    }
    setConfirm(null);
    list.reload();
  };

  const failing = list.data?.filter((e) => e.status === "failing") ?? [];

  return (
    <>
      <AdminPageTitle
        title="Webhooks"
        description="Send each new lead to your CRM, Zapier or Slack the moment it arrives. Deliveries are signed with the endpoint's secret and retried for 24 hours."
        actions={
          <Button variant="secondary" size="sm" onClick={() => setForm({ open: true })}>
            <Plus aria-hidden="true" className="size-4" /> Add endpoint
          </Button>
        }
      />
      {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
      {failing.length > 0 && (
        <p role="status" className="mb-4 rounded-xl border border-amber-300 bg-notice-bg px-4 py-3 text-sm text-notice">
          {failing.length === 1 ? "One endpoint is failing" : `${failing.length} endpoints are failing`}: their receivers have not accepted a delivery for 24
          hours.
        </p>
      )}
      {!list.data ? (
        !list.error && <LoadingBlock label="Loading webhook endpoints…" rows={3} />
      ) : list.data.length === 0 ? (
        <section className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <Webhook aria-hidden="true" className="mx-auto size-8 text-brand-violet" />
          <h2 className="mt-3 text-base font-semibold text-ink">No webhook endpoints yet</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted">
            Add the address of your CRM or of a Slack incoming webhook, choose the kinds of lead it should get, and send it a test event.
          </p>
          <Button variant="secondary" size="sm" className="mt-5" onClick={() => setForm({ open: true })}>
            <Plus aria-hidden="true" className="size-4" /> Add endpoint
          </Button>
        </section>
      ) : (
        <ul aria-label="Webhook endpoints" aria-busy={list.loading || undefined} className="space-y-3">
          {list.data.map((endpoint) => (
            <EndpointCard key={endpoint._id} endpoint={endpoint} busy={busyId === endpoint._id} onAction={(action, e) => void onAction(action, e)} />
          ))}
        </ul>
      )}

      <EndpointFormDialog
        open={form.open}
        endpoint={form.endpoint}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onCreated={(answer) => {
          setForm({ open: false });
          setSecret({ answer, rotated: false });
          list.reload();
        }}
        onSaved={(endpoint) => {
          setForm({ open: false });
          toast.success("Endpoint saved", { description: endpointName(endpoint) });
          list.reload();
        }}
      />
      <SecretDialog answer={secret?.answer ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === "delete" ? "Delete this endpoint?" : "Rotate the signing secret?"}
        description={
          confirm?.kind === "delete" ? (
            <>
              <strong className="text-ink">{confirm ? endpointName(confirm.endpoint) : ""}</strong> stops receiving events at once, and its delivery log is
              deleted with it.
            </>
          ) : (
            "A new secret signs every delivery from now on; the current one stops working at once. Update your receiver with the new secret straight away."
          )
        }
        confirmLabel={confirm?.kind === "delete" ? "Delete endpoint" : "Rotate secret"}
        tone={confirm?.kind === "delete" ? "danger" : "default"}
        onConfirm={confirmAction}
      />
      <DeliveryLog
        endpoint={logOf}
        onOpenChange={(open) => {
          if (!open) {
            setLogOf(null);
            list.reload();
          }
        }}
      />
    </>
  );
}
