import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  COMMENTS_MAX,
  contactSchema,
  fieldErrors,
  INTEREST_LABELS,
  INTERESTS,
  LEAD_MESSAGES,
  PLANNED_ASSET_LABELS,
  PLANNED_ASSETS,
  showsPlannedAssets,
  type ContactInput,
} from "@vestin/shared/leads";
import { FormGuardFields } from "~/components/form-guard/form-guard-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field } from "~/components/ui/field";
import { submitContact } from "../api/leads-api";
import { contactFormCopy as copy } from "../copy";
import { useEnquirySubmit } from "../hooks/use-enquiry-submit";
import { CountryCombobox } from "./country-combobox";
import { CheckboxGroup, SelectField, TextAreaField } from "./form-fields";
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

/** The contact enquiry (spec sections 3 to 5): progressive fields, live counter, e-mail check, toasts. */
export function ContactForm() {
  const [form, setForm] = useState<ContactFormState>(EMPTY);
  const {
    ref,
    errors,
    setErrors,
    message,
    busy,
    submit: send,
    guard,
  } = useEnquirySubmit<ContactInput>({
    send: submitContact,
    submittingToast: LEAD_MESSAGES.contactSubmitting,
    successMessage: LEAD_MESSAGES.contactSuccess,
    onReset: () => setForm(EMPTY),
  });

  const update = <K extends keyof ContactFormState>(key: K, value: ContactFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      // Editing either e-mail field clears the mismatch.
      const cleared = key === "email" || key === "confirmEmail" ? ["email", "confirmEmail"] : [key];
      if (!cleared.some((k) => k in e)) return e;
      const next = { ...e };
      for (const k of cleared) delete next[k];
      return next;
    });
  };

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = payload();
    const parsed = contactSchema.safeParse(input);
    const invalid = parsed.success ? null : fieldErrors(parsed.error);
    if (!busy && invalid?.confirmEmail === LEAD_MESSAGES.emailMismatch) toast.error(LEAD_MESSAGES.emailMismatch);
    void send(input, invalid);
  };

  return (
    <form ref={ref} noValidate onSubmit={submit} className="grid gap-5" aria-describedby="contact-privacy">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={copy.firstName}
          name="firstName"
          data-field="firstName"
          autoComplete="given-name"
          required
          value={form.firstName}
          error={errors.firstName}
          onChange={(e) => update("firstName", e.target.value)}
        />
        <Field
          label={copy.lastName}
          name="lastName"
          data-field="lastName"
          autoComplete="family-name"
          required
          value={form.lastName}
          error={errors.lastName}
          onChange={(e) => update("lastName", e.target.value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={copy.email}
          type="email"
          name="email"
          data-field="email"
          autoComplete="email"
          required
          value={form.email}
          error={errors.email}
          onChange={(e) => update("email", e.target.value)}
        />
        <Field
          label={copy.confirmEmail}
          type="email"
          name="confirmEmail"
          data-field="confirmEmail"
          autoComplete="email"
          required
          value={form.confirmEmail}
          error={errors.confirmEmail}
          onChange={(e) => update("confirmEmail", e.target.value)}
        />
      </div>
      <CountryCombobox
        label={copy.country}
        name="country"
        value={form.country}
        placeholder={copy.countryPlaceholder}
        error={errors.country}
        onChange={(code) => update("country", code)}
      />
      <SelectField
        label={copy.businessType}
        name="businessType"
        data-field="businessType"
        placeholder={copy.businessTypePlaceholder}
        options={businessTypeOptions}
        value={form.businessType}
        error={errors.businessType}
        onChange={(e) => update("businessType", e.target.value)}
      />
      {otherType && (
        <Field
          label={copy.businessTypeOther}
          name="businessTypeOther"
          data-field="businessTypeOther"
          required
          maxLength={200}
          value={form.businessTypeOther}
          error={errors.businessTypeOther}
          onChange={(e) => update("businessTypeOther", e.target.value)}
        />
      )}
      {showInterest && (
        <SelectField
          label={copy.interestedIn}
          name="interestedIn"
          data-field="interestedIn"
          placeholder={copy.interestedInPlaceholder}
          options={interestOptions}
          value={form.interestedIn}
          error={errors.interestedIn}
          onChange={(e) => update("interestedIn", e.target.value)}
        />
      )}
      {showAssets && (
        <CheckboxGroup
          legend={copy.plannedAssets}
          name="plannedAssets"
          options={assetOptions}
          values={form.plannedAssets}
          error={errors.plannedAssets}
          onToggle={(value, checked) => update("plannedAssets", checked ? [...form.plannedAssets, value] : form.plannedAssets.filter((v) => v !== value))}
        />
      )}
      <TextAreaField
        label={copy.comments}
        name="comments"
        data-field="comments"
        rows={5}
        maxLength={COMMENTS_MAX}
        placeholder={copy.commentsPlaceholder}
        value={form.comments}
        error={errors.comments}
        counter={LEAD_MESSAGES.commentsCounter(form.comments.length)}
        onChange={(e) => update("comments", e.target.value)}
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
