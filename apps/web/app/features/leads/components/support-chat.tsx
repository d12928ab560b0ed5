import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { verificationPageCopy as copy, verificationSupportFaq } from "~/content/airdrop";
import { FaqAccordion } from "./faq-accordion";
import { Modal } from "./modal";

/**
 * The support button of /verification and its FAQ. From 1024 px it floats in the corner, beside
 * the centred form; narrower, it would sit on the form's full-width buttons, so it stands in the
 * page's flow under the form instead.
 */
export function SupportChat() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-support-button
        className="inline-flex h-14 lg:fixed lg:right-5 lg:bottom-5 lg:z-40 items-center gap-2 rounded-full bg-brand-gradient px-5 font-semibold text-white shadow-lg shadow-brand-violet/30 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet"
      >
        <MessageCircle aria-hidden="true" className="size-6" />
        {copy.supportButtonLabel}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={copy.faqHeading}>
        <FaqAccordion items={verificationSupportFaq} />
      </Modal>
    </>
  );
}
