import { ShieldCheck } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { CONSENT_MESSAGES, CONSENT_WORDINGS, EMBEDS_WORDING } from "@vestin/shared/consents-core";
import { Switch } from "~/components/ui/switch";
import { readStoredCookieConsent, recordCookieChoice, writeCookieConsent, type ConsentCategory, type CookieConsent } from "~/features/consents";

const CATEGORIES: Array<{ id: ConsentCategory; title: string; description: string }> = [
  {
    id: "functional",
    title: "Functional",
    description: "Keeps you signed in and remembers your choices, such as this one. Always active, because the site needs it to work.",
  },
  // The words a signed-in person's choice is recorded with.
  { id: "analytics", title: CONSENT_WORDINGS.cookiesAnalytics.title, description: CONSENT_WORDINGS.cookiesAnalytics.description },
  { id: "embeds", title: EMBEDS_WORDING.title, description: EMBEDS_WORDING.description },
];

function ConsentRow({
  category,
  checked,
  disabled,
  onChange,
}: {
  category: (typeof CATEGORIES)[number];
  checked: boolean;
  disabled?: boolean;
  onChange?: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-6 py-5 first:pt-0 last:pb-0">
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          {category.title}
          {disabled && <span className="ml-2 rounded-full bg-success-bg px-2 py-0.5 text-xs font-semibold text-success">Always on</span>}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm leading-relaxed text-muted">
          {category.description}
        </p>
      </div>
      <Switch
        id={id}
        name={category.id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onCheckedChange={onChange}
        data-consent={category.id}
        className="mt-1"
      />
    </li>
  );
}

/**
 * The consent toggles. Functional is always on; analytics and embedded videos are stored in
 * localStorage ("vestin_cookie_consent") the moment they change. A signed-in person's analytics
 * choice is also recorded with their account (PUT /me/consents/cookies); the rest stays in the browser.
 */
export function CookieConsentPanel() {
  const [consent, setConsent] = useState<CookieConsent | null>(null);
  const [saved, setSaved] = useState<{ text: string; recorded: boolean } | null>(null);
  useEffect(() => {
    setConsent(readStoredCookieConsent());
  }, []);
  const current = consent ?? { functional: true as const, analytics: false, embeds: false, updatedAt: "" };

  const update = (category: "analytics" | "embeds", value: boolean) => {
    const next = writeCookieConsent({ analytics: current.analytics, embeds: current.embeds, [category]: value });
    setConsent(next);
    const time = new Date(next.updatedAt).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
    setSaved({ text: CONSENT_MESSAGES.cookieChoiceSavedAt(time), recorded: true });
    if (category !== "analytics") return;
    void recordCookieChoice({ analytics: next.analytics }).then((outcome) => {
      if (outcome === "recorded") setSaved({ text: CONSENT_MESSAGES.cookieChoiceRecordedAt(time), recorded: true });
      else if (outcome === "failed") setSaved({ text: CONSENT_MESSAGES.cookieChoiceNotRecorded(time), recorded: false });
    });
  };

  return (
    <section
      id="your-choices"
      aria-labelledby="your-choices-heading"
      className="mb-12 scroll-mt-28 rounded-card border border-line bg-white p-6 shadow-card sm:p-8"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-teal/10 text-brand-teal-dark">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="your-choices-heading" className="text-xl font-bold text-ink">
            Your cookie choices
          </h2>
          <p className="mt-1 text-sm text-muted">Changes apply at once and are kept in this browser for 12 months.</p>
        </div>
      </div>
      <ul className="mt-6 divide-y divide-line">
        {CATEGORIES.map((category) =>
          category.id === "functional" ? (
            <ConsentRow key={category.id} category={category} checked disabled />
          ) : (
            <ConsentRow
              key={category.id}
              category={category}
              checked={current[category.id]}
              disabled={consent === null}
              onChange={(value) => update(category.id as "analytics" | "embeds", value)}
            />
          ),
        )}
      </ul>
      <p role="status" data-testid="cookie-choice-status" className={`mt-4 min-h-5 text-sm ${saved?.recorded === false ? "text-notice" : "text-success"}`}>
        {saved?.text ?? ""}
      </p>
    </section>
  );
}
