import type { FormEvent } from "react";
import type { PartnerInput, PartnershipType } from "@vestin/shared/leads";
import { LEAD_MESSAGES, PARTNERSHIP_TYPE_LABELS, PARTNERSHIP_TYPES, splitContactName } from "@vestin/shared/leads-core";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { submitPartnership } from "../api/leads-api";
import { partnershipFormCopy as copy } from "../copy";
import { useEnquirySubmit } from "../hooks/use-enquiry-submit";
import { useLeadForm } from "../hooks/use-lead-form";
import { leadFieldErrors, prepareLeadSchemas } from "../validation";
import { CountryCombobox } from "./country-combobox";
import { CheckboxGroup, TextAreaField, toggled } from "./form-fields";
import { FormMessage } from "./form-message";

type PartnershipFormState = {
  organizationName: string;
  websiteUrl: string;
  contactName: string;
  country: string;
  socialProfile: string;
  email: string;
  partnershipType: PartnershipType[];
  otherPartnershipType: string;
  comments: string;
};

const EMPTY: PartnershipFormState = {
  organizationName: "",
  websiteUrl: "",
  contactName: "",
  country: "",
  socialProfile: "",
  email: "",
  partnershipType: [],
  otherPartnershipType: "",
  comments: "",
};

/** Payload field → form field, for the messages the schema and the server give. */
const FORM_FIELD: Record<string, keyof PartnershipFormState> = {
  primaryContactName: "contactName",
  emailOrTelegram: "email",
  partnershipTypes: "partnershipType",
};
const toFormErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [FORM_FIELD[field] ?? field, message]));

const typeOptions = PARTNERSHIP_TYPES.map((value) => ({ value, label: PARTNERSHIP_TYPE_LABELS[value] }));

/** The partnership application: organisation and contact fields, partnership types ("Other" asks which), toasts. The payload carries the display labels and the split name. */
export function PartnershipForm() {
  const fields = useLeadForm(EMPTY);
  const { ref, form, errors, update, field } = fields;
  const {
    message,
    busy,
    submit: send,
    guard,
  } = useEnquirySubmit<PartnerInput>({
    send: submitPartnership,
    submittingToast: LEAD_MESSAGES.partnershipSubmitting,
    successMessage: LEAD_MESSAGES.partnershipSuccess,
    toFormErrors,
    onReset: () => fields.setForm(EMPTY),
    fields,
  });

  const toggleType = (value: string, checked: boolean) => {
    const type = value as PartnershipType;
    update("partnershipType", toggled(form.partnershipType, type, checked));
    // Unchecking "other" clears its text.
    if (type === "other" && !checked) update("otherPartnershipType", "");
  };

  const payload = (): PartnerInput => {
    const { firstName, lastName } = splitContactName(form.contactName);
    return {
      organizationName: form.organizationName,
      primaryContactName: form.contactName,
      firstName,
      lastName,
      socialProfile: form.socialProfile,
      websiteUrl: form.websiteUrl,
      emailOrTelegram: form.email,
      country: form.country,
      partnershipTypes: PARTNERSHIP_TYPES.filter((t) => form.partnershipType.includes(t)).map((t) => PARTNERSHIP_TYPE_LABELS[t]),
      otherPartnershipType: form.partnershipType.includes("other") ? form.otherPartnershipType : "",
      comments: form.comments,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = payload();
    const invalid = await leadFieldErrors((schemas) => schemas.partnerSchema, input);
    if (invalid !== undefined) void send(input, invalid);
  };

  return (
    <form ref={ref} noValidate onSubmit={submit} onFocus={prepareLeadSchemas} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={copy.organizationName} autoComplete="organization" required {...field("organizationName")} />
        <Field label={copy.websiteUrl} type="url" autoComplete="url" inputMode="url" placeholder={copy.websitePlaceholder} required {...field("websiteUrl")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={copy.contactName} autoComplete="name" required hint={copy.contactNameHint} {...field("contactName")} />
        <CountryCombobox
          label={copy.country}
          name="country"
          required
          value={form.country}
          placeholder={copy.countryPlaceholder}
          error={errors.country}
          onChange={(code) => update("country", code)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={copy.socialProfile} type="url" inputMode="url" placeholder={copy.socialPlaceholder} {...field("socialProfile")} />
        <Field label={copy.email} autoComplete="email" placeholder={copy.emailPlaceholder} required {...field("email")} />
      </div>
      <CheckboxGroup
        legend={copy.partnershipType}
        name="partnershipType"
        required
        options={typeOptions}
        values={form.partnershipType}
        error={errors.partnershipType}
        onToggle={toggleType}
      />
      {form.partnershipType.includes("other") && <Field label={copy.otherPartnershipType} required maxLength={200} {...field("otherPartnershipType")} />}
      <TextAreaField label={copy.comments} rows={4} maxLength={500} {...field("comments")} />
      <FormGuardFields guard={guard} />
      <div>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? copy.submitting : copy.submit}
        </Button>
      </div>
      <FormMessage text={message} />
    </form>
  );
}
