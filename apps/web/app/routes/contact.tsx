import { PageHeader } from "~/components/ui/page-header";
import { ContactAside } from "~/features/leads/components/contact-aside";
import { ContactForm } from "~/features/leads/components/contact-form";
import { contactFormCopy } from "~/features/leads/copy";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: "Talk to the Vestin team about tokenizing assets, partnering with us or investing. We answer every message.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Contact" title="Contact Us" intro="Tell us about your assets or your question; a member of the team will get back to you shortly." />
      <div className="bg-surface">
        <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
          <section
            aria-labelledby="contact-form-heading"
            className="reveal rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
          >
            <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight">
              {contactFormCopy.heading}
            </h2>
            <p className="mt-2 text-muted">{contactFormCopy.intro}</p>
            <div className="mt-6">
              <ContactForm />
            </div>
          </section>
          <aside aria-label="More about Vestin" className="reveal">
            <ContactAside />
          </aside>
        </div>
      </div>
    </>
  );
}
