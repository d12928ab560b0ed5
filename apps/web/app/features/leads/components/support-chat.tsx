import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { verificationPageCopy as copy, verificationSupportFaq } from "~/content/airdrop";
import { FaqAccordion } from "./faq-accordion";
import { Modal } from "./modal";

/** The floating support button of /verification and its FAQ. */
export function SupportChat() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="fixed bottom-5 right-5 z-40 inline-flex h-14 items-center gap-2 rounded-full bg-brand-gradient px-5 font-semibold text-white shadow-lg shadow-brand-violet/30 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-violet"
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
