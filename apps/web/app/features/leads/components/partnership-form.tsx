import { useState, type FormEvent } from "react";
import {
  fieldErrors,
  LEAD_MESSAGES,
  PARTNERSHIP_TYPE_LABELS,
  PARTNERSHIP_TYPES,
  partnerSchema,
  splitContactName,
  type PartnerInput,
  type PartnershipType,
} from "@vestin/shared/leads";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { submitPartnership } from "../api/leads-api";
import { partnershipFormCopy as copy } from "../copy";
import { useEnquirySubmit } from "../hooks/use-enquiry-submit";
import { CountryCombobox } from "./country-combobox";
import { CheckboxGroup, TextAreaField } from "./form-fields";
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

/** The partnership application (spec sections 3 to 5). The payload carries the display labels and the split name. */
export function PartnershipForm() {
  const [form, setForm] = useState<PartnershipFormState>(EMPTY);
  const {
    ref,
    errors,
    setErrors,
    message,
    busy,
    submit: send,
    guard,
  } = useEnquirySubmit<PartnerInput>({
    send: submitPartnership,
    submittingToast: LEAD_MESSAGES.partnershipSubmitting,
    successMessage: LEAD_MESSAGES.partnershipSuccess,
    toFormErrors,
    onReset: () => setForm(EMPTY),
  });

  const update = <K extends keyof PartnershipFormState>(key: K, value: PartnershipFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };

  const toggleType = (value: string, checked: boolean) => {
    const type = value as PartnershipType;
    const next = checked ? [...form.partnershipType, type] : form.partnershipType.filter((t) => t !== type);
    update("partnershipType", next);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = payload();
    const parsed = partnerSchema.safeParse(input);
    void send(input, parsed.success ? null : fieldErrors(parsed.error));
  };

  return (
    <form ref={ref} noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={copy.organizationName}
          name="organizationName"
          data-field="organizationName"
          autoComplete="organization"
          required
          value={form.organizationName}
          error={errors.organizationName}
          onChange={(e) => update("organizationName", e.target.value)}
        />
        <Field
          label={copy.websiteUrl}
          type="url"
          name="websiteUrl"
          data-field="websiteUrl"
          autoComplete="url"
          inputMode="url"
          placeholder={copy.websitePlaceholder}
          required
          value={form.websiteUrl}
          error={errors.websiteUrl}
          onChange={(e) => update("websiteUrl", e.target.value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={copy.contactName}
          name="contactName"
          data-field="contactName"
          autoComplete="name"
          required
          hint={copy.contactNameHint}
          value={form.contactName}
          error={errors.contactName}
          onChange={(e) => update("contactName", e.target.value)}
        />
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
        <Field
          label={copy.socialProfile}
          type="url"
          name="socialProfile"
          data-field="socialProfile"
          inputMode="url"
          placeholder={copy.socialPlaceholder}
          value={form.socialProfile}
          error={errors.socialProfile}
          onChange={(e) => update("socialProfile", e.target.value)}
        />
        <Field
          label={copy.email}
          name="email"
          data-field="email"
          autoComplete="email"
          placeholder={copy.emailPlaceholder}
          required
          value={form.email}
          error={errors.email}
          onChange={(e) => update("email", e.target.value)}
        />
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
      {form.partnershipType.includes("other") && (
        <Field
          label={copy.otherPartnershipType}
          name="otherPartnershipType"
          data-field="otherPartnershipType"
          required
          maxLength={200}
          value={form.otherPartnershipType}
          error={errors.otherPartnershipType}
          onChange={(e) => update("otherPartnershipType", e.target.value)}
        />
      )}
      <TextAreaField
        label={copy.comments}
        name="comments"
        data-field="comments"
        rows={4}
        maxLength={500}
        value={form.comments}
        error={errors.comments}
        onChange={(e) => update("comments", e.target.value)}
      />
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
