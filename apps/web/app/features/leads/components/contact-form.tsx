import type { FormEvent } from "react";
import { toast } from "sonner";
import type { ContactInput } from "@vestin/shared/leads";
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  COMMENTS_MAX,
  INTEREST_LABELS,
  INTERESTS,
  LEAD_MESSAGES,
  PLANNED_ASSET_LABELS,
  PLANNED_ASSETS,
  showsPlannedAssets,
} from "@vestin/shared/leads-core";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field } from "~/components/ui/field";
import { submitContact } from "../api/leads-api";
import { contactFormCopy as copy } from "../copy";
import { useEnquirySubmit } from "../hooks/use-enquiry-submit";
import { useLeadForm } from "../hooks/use-lead-form";
import { leadFieldErrors, prepareLeadSchemas } from "../validation";
import { CountryCombobox } from "./country-combobox";
import { CheckboxGroup, SelectField, TextAreaField, toggled } from "./form-fields";
import { FormMessage } from "./form-message";

type ContactFormState = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  country: string;
  businessType: string;
  businessTypeOther: string;
  interestedIn: string;
  plannedAssets: string[];
  comments: string;
  consent: boolean;
};

const EMPTY: ContactFormState = {
  firstName: "",
  lastName: "",
  email: "",
  confirmEmail: "",
  country: "",
  businessType: "",
  businessTypeOther: "",
  interestedIn: "",
  plannedAssets: [],
  comments: "",
  consent: false,
};

const businessTypeOptions = BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }));
const interestOptions = INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] }));
const assetOptions = PLANNED_ASSETS.map((value) => ({ value, label: PLANNED_ASSET_LABELS[value] }));

/** Editing either e-mail field clears the mismatch. */
const BOTH_EMAILS = ["email", "confirmEmail"] as const;

/** The contact enquiry: progressive fields, live counter, e-mail check, toasts. */
export function ContactForm() {
  const fields = useLeadForm(EMPTY, { linked: { email: BOTH_EMAILS, confirmEmail: BOTH_EMAILS } });
  const { ref, form, errors, update, field } = fields;
  const {
    message,
    busy,
    submit: send,
    guard,
  } = useEnquirySubmit<ContactInput>({
    send: submitContact,
    submittingToast: LEAD_MESSAGES.contactSubmitting,
    successMessage: LEAD_MESSAGES.contactSuccess,
    onReset: () => fields.setForm(EMPTY),
    fields,
  });

  const otherType = form.businessType === "other";
  const showInterest = Boolean(form.businessType) && !otherType;
  const showAssets = showsPlannedAssets(form.businessType, form.interestedIn);

  const payload = (): ContactInput => ({
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    confirmEmail: form.confirmEmail,
    country: form.country,
    businessType: form.businessType,
    businessTypeOther: otherType ? form.businessTypeOther : "",
    interestedIn: showInterest ? form.interestedIn : "",
    plannedAssets: showAssets ? form.plannedAssets : [],
    comments: form.comments,
    consent: form.consent,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = payload();
    const invalid = await leadFieldErrors((schemas) => schemas.contactSchema, input);
    if (invalid === undefined) return;
    if (!busy && invalid?.confirmEmail === LEAD_MESSAGES.emailMismatch) toast.error(LEAD_MESSAGES.emailMismatch);
    void send(input, invalid);
  };

  return (
    <form ref={ref} noValidate onSubmit={submit} onFocus={prepareLeadSchemas} className="grid gap-5" aria-describedby="contact-privacy">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={copy.firstName} autoComplete="given-name" required {...field("firstName")} />
        <Field label={copy.lastName} autoComplete="family-name" required {...field("lastName")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={copy.email} type="email" autoComplete="email" required {...field("email")} />
        <Field label={copy.confirmEmail} type="email" autoComplete="email" required {...field("confirmEmail")} />
      </div>
      <CountryCombobox
        label={copy.country}
        name="country"
        value={form.country}
        placeholder={copy.countryPlaceholder}
        error={errors.country}
        onChange={(code) => update("country", code)}
      />
      <SelectField label={copy.businessType} placeholder={copy.businessTypePlaceholder} options={businessTypeOptions} {...field("businessType")} />
      {otherType && <Field label={copy.businessTypeOther} required maxLength={200} {...field("businessTypeOther")} />}
      {showInterest && (
        <SelectField label={copy.interestedIn} placeholder={copy.interestedInPlaceholder} options={interestOptions} {...field("interestedIn")} />
      )}
      {showAssets && (
        <CheckboxGroup
          legend={copy.plannedAssets}
          name="plannedAssets"
          options={assetOptions}
          values={form.plannedAssets}
          error={errors.plannedAssets}
          onToggle={(value, checked) => update("plannedAssets", toggled(form.plannedAssets, value, checked))}
        />
      )}
      <TextAreaField
        label={copy.comments}
        rows={5}
        maxLength={COMMENTS_MAX}
        placeholder={copy.commentsPlaceholder}
        counter={LEAD_MESSAGES.commentsCounter(form.comments.length)}
        {...field("comments")}
      />
      <CheckboxField name="consent" label={copy.consent} checked={form.consent} onChange={(e) => update("consent", e.target.checked)} />
      <FormGuardFields guard={guard} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? copy.submitting : copy.submit}
        </Button>
        <p id="contact-privacy" className="text-xs leading-relaxed text-muted">
          {copy.privacy}
        </p>
      </div>
      <FormMessage text={message} />
    </form>
  );
}
