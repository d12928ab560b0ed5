import { footerNewsletterCopy as copy } from "../form-copy";
import { SubscribeForm } from "./subscribe-form";

const HEADING_ID = "footer-newsletter-heading";

/** The footer's band: one line on what it is, and the compact form on the navy background. */
export function FooterNewsletter() {
  return (
    <section aria-labelledby={HEADING_ID} className="border-b border-white/10">
      <div className="container-page grid gap-6 py-10 lg:grid-cols-[1.2fr_2fr] lg:gap-12">
        <div>
          <h2 id={HEADING_ID} className="text-lg font-semibold text-white">
            {copy.heading}
          </h2>
          <p className="mt-2 max-w-sm text-sm leading-relaxed">{copy.why}</p>
        </div>
        <SubscribeForm form="footer" tone="dark" labelledBy={HEADING_ID} className="max-w-2xl" />
      </div>
    </section>
  );
}
