import { useEffect, useId } from "react";
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
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import { AdminInput, ChoiceCard, FieldError, RadioCards, RequiredMark } from "../components/admin-fields";
import { FormDialog } from "../components/form-dialog";
import { createEndpoint, updateEndpoint, type EndpointFields } from "./webhooks-api";

const FORMAT_TEXT: Record<WebhookFormat, { label: string; hint: string }> = {
  json: { label: WEBHOOK_FORMAT_LABELS.json, hint: "The lead as JSON, signed with your secret: for a CRM, Zapier or your own service." },
  slack: {
    label: WEBHOOK_FORMAT_LABELS.slack,
    hint: "A short message with a link to the inbox, for a Slack incoming-webhook URL (https://hooks.slack.com/…).",
  },
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
  const form = useApiForm<EndpointFields>({ defaultValues: EMPTY });
  const { reset, showErrors } = form;
  const fields = form.values;
  const errors = form.errors as Errors;
  const eventsHint = useId();
  const eventsError = useId();

  useEffect(() => {
    if (!open) return;
    reset(endpoint ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, format: endpoint.format } : EMPTY);
  }, [open, endpoint, reset]);

  const toggleEvent = (event: LeadEventType, on: boolean) =>
    form.set("events", on ? LEAD_EVENT_TYPES.filter((e) => e === event || fields.events.includes(e)) : fields.events.filter((e) => e !== event));

  const send = async (values: EndpointFields) => {
    const local: Errors = {};
    if (!values.url.trim()) local.url = WEBHOOK_MESSAGES.urlRequired;
    if (values.events.length === 0) local.events = WEBHOOK_MESSAGES.eventsRequired;
    showErrors(local);
    if (Object.keys(local).length > 0) return;
    const body = { ...values, url: values.url.trim(), description: values.description.trim() };
    const result = endpoint ? await updateEndpoint(endpoint._id, body) : await createEndpoint(body);
    if (!result.ok) {
      const fieldErrors = result.errors ?? {};
      showErrors({
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
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      send={send}
      title={endpoint ? "Edit webhook endpoint" : "Add a webhook endpoint"}
      description="Each new lead of the chosen kinds is sent to this address as it arrives, retried for 24 hours if the receiver is down."
      submitLabel={form.busy ? "Saving…" : endpoint ? "Save changes" : "Add endpoint"}
    >
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
        onChange={(e) => form.set("url", e.target.value)}
        error={errors.url}
        hint="An https:// address on the public internet."
      />
      <AdminInput
        label="Description"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        placeholder="e.g. HubSpot: partnership pipeline"
        value={fields.description}
        onChange={(e) => form.set("description", e.target.value)}
        error={errors.description}
      />
      <fieldset aria-describedby={[eventsHint, errors.events ? eventsError : ""].filter(Boolean).join(" ")} aria-invalid={errors.events ? true : undefined}>
        <legend className="text-sm font-medium text-ink">
          Events
          <RequiredMark />
        </legend>
        <p id={eventsHint} className="mt-0.5 text-xs text-muted">
          The kinds of lead this endpoint receives.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {LEAD_EVENT_TYPES.map((event) => (
            <ChoiceCard
              key={event}
              type="checkbox"
              className="text-ink"
              checked={fields.events.includes(event)}
              onChange={(e) => toggleEvent(event, e.target.checked)}
            >
              {LEAD_EVENT_LABELS[event]}
              <span className="block font-mono text-xs text-muted">{event}</span>
            </ChoiceCard>
          ))}
        </div>
        {errors.events && <FieldError id={eventsError}>{errors.events}</FieldError>}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Format</legend>
        <RadioCards
          name="webhook-format"
          options={WEBHOOK_FORMATS}
          value={fields.format}
          onChange={(format) => form.set("format", format)}
          text={FORMAT_TEXT}
          className="mt-2 space-y-2"
        />
        {errors.format && <FieldError>{errors.format}</FieldError>}
      </fieldset>
    </FormDialog>
  );
}
