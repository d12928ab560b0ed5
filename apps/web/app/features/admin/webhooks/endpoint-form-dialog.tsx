import { Dialog } from "radix-ui";
import { useEffect, useId, useState, type FormEvent } from "react";
import {
  LEAD_EVENT_LABELS,
  LEAD_EVENT_TYPES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX,
  type LeadEventType,
  type WebhookEndpoint,
  type WebhookFormat,
  type WebhookSecretAnswer,
} from "@vestin/shared/webhooks-core";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { NetworkError } from "~/lib/api-client";
import { describeFailure } from "../api/admin-request";
import { AdminInput } from "../components/admin-fields";
import { createEndpoint, updateEndpoint, type EndpointFields } from "./webhooks-api";

const FORMAT_HINTS: Record<WebhookFormat, string> = {
  json: "The lead as JSON, signed with your secret: for a CRM, Zapier or your own service.",
  slack: "A short message with a link to the inbox, for a Slack incoming-webhook URL (https://hooks.slack.com/…).",
};

type Errors = Partial<Record<keyof EndpointFields | "form", string>>;

const EMPTY: EndpointFields = { url: "", description: "", events: [...LEAD_EVENT_TYPES], format: "json" };

/** Add an endpoint, or edit one: URL, description, events and format, with the server's field errors. */
export function EndpointFormDialog({
  open,
  endpoint,
  onOpenChange,
  onCreated,
  onSaved,
}: {
  open: boolean;
  /** The endpoint to edit; undefined to add one. */
  endpoint: WebhookEndpoint | undefined;
  onOpenChange: (open: boolean) => void;
  onCreated: (answer: WebhookSecretAnswer) => void;
  onSaved: (endpoint: WebhookEndpoint) => void;
}) {
  const [fields, setFields] = useState<EndpointFields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const eventsHint = useId();
  const eventsError = useId();

  useEffect(() => {
    if (!open) return;
    setFields(endpoint ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, format: endpoint.format } : EMPTY);
    setErrors({});
  }, [open, endpoint]);

  const toggleEvent = (event: LeadEventType, on: boolean) =>
    setFields((f) => ({ ...f, events: on ? LEAD_EVENT_TYPES.filter((e) => e === event || f.events.includes(e)) : f.events.filter((e) => e !== event) }));

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (busy) return;
    const local: Errors = {};
    if (!fields.url.trim()) local.url = WEBHOOK_MESSAGES.urlRequired;
    if (fields.events.length === 0) local.events = WEBHOOK_MESSAGES.eventsRequired;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const body = { ...fields, url: fields.url.trim(), description: fields.description.trim() };
      const result = endpoint ? await updateEndpoint(endpoint._id, body) : await createEndpoint(body);
      if (!result.ok) {
        const fieldErrors = result.errors ?? {};
        setErrors({
          url: fieldErrors.url,
          description: fieldErrors.description,
          events: fieldErrors.events ?? Object.entries(fieldErrors).find(([key]) => key.startsWith("events"))?.[1],
          format: fieldErrors.format,
          form: fieldErrors.url || fieldErrors.events || fieldErrors.description ? undefined : describeFailure(result),
        });
        return;
      }
      if (endpoint) onSaved(result.data as WebhookEndpoint);
      else onCreated(result.data as WebhookSecretAnswer);
    } catch (err) {
      setErrors({ form: err instanceof NetworkError ? "The server did not answer. Check your connection and try again." : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="text-lg font-bold text-ink">{endpoint ? "Edit webhook endpoint" : "Add a webhook endpoint"}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Each new lead of the chosen kinds is sent to this address as it arrives, retried for 24 hours if the receiver is down.
          </Dialog.Description>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
            {errors.form && <Notice tone="danger">{errors.form}</Notice>}
            <AdminInput
              label="Endpoint URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={WEBHOOK_URL_MAX}
              placeholder="https://crm.example.com/hooks/vestin"
              value={fields.url}
              onChange={(e) => setFields((f) => ({ ...f, url: e.target.value }))}
              error={errors.url}
              hint="An https:// address on the public internet."
            />
            <AdminInput
              label="Description"
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              placeholder="e.g. HubSpot: partnership pipeline"
              value={fields.description}
              onChange={(e) => setFields((f) => ({ ...f, description: e.target.value }))}
              error={errors.description}
            />
            <fieldset
              aria-describedby={[eventsHint, errors.events ? eventsError : ""].filter(Boolean).join(" ")}
              aria-invalid={errors.events ? true : undefined}
            >
              <legend className="text-sm font-medium text-ink">
                Events
                <span aria-hidden="true" className="text-danger">
                  {" "}
                  *
                </span>
              </legend>
              <p id={eventsHint} className="mt-0.5 text-xs text-muted">
                The kinds of lead this endpoint receives.
              </p>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {LEAD_EVENT_TYPES.map((event) => (
                  <label
                    key={event}
                    className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-line px-3 py-2 text-sm text-ink hover:bg-surface has-[:checked]:border-brand-violet/40 has-[:checked]:bg-brand-violet/5"
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-brand-violet"
                      checked={fields.events.includes(event)}
                      onChange={(e) => toggleEvent(event, e.target.checked)}
                    />
                    <span>
                      {LEAD_EVENT_LABELS[event]}
                      <span className="block font-mono text-xs text-muted">{event}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.events && (
                <p id={eventsError} role="alert" className="mt-1 text-sm font-medium text-danger">
                  {errors.events}
                </p>
              )}
            </fieldset>
            <fieldset>
              <legend className="text-sm font-medium text-ink">Format</legend>
              <div className="mt-2 space-y-2">
                {WEBHOOK_FORMATS.map((format) => (
                  <label
                    key={format}
                    className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-line px-3 py-2 text-sm hover:bg-surface has-[:checked]:border-brand-violet/40 has-[:checked]:bg-brand-violet/5"
                  >
                    <input
                      type="radio"
                      name="webhook-format"
                      value={format}
                      className="mt-0.5 size-4 shrink-0 accent-brand-violet"
                      checked={fields.format === format}
                      onChange={() => setFields((f) => ({ ...f, format }))}
                    />
                    <span>
                      <span className="font-medium text-ink">{WEBHOOK_FORMAT_LABELS[format]}</span>
                      <span className="block text-xs leading-relaxed text-muted">{FORMAT_HINTS[format]}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.format && (
                <p role="alert" className="mt-1 text-sm font-medium text-danger">
                  {errors.format}
                </p>
              )}
            </fieldset>
            <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline" size="sm" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                {busy ? "Saving…" : endpoint ? "Save changes" : "Add endpoint"}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
