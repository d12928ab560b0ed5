import { ArrowUpRight, ShieldAlert } from "lucide-react";
import { Button } from "~/components/ui/button";
import { supportModalCopy as copy } from "~/content/airdrop";
import { Modal } from "./modal";

/** /zealy-claim's help: where to ask, and what the team never asks for. */
export function SupportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={copy.title} description={copy.intro} closeLabel={copy.closeLabel}>
      <ul className="grid gap-3">
        {copy.channels.map((channel) => (
          <li key={channel.id}>
            <a
              href={channel.href}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex items-start justify-between gap-4 rounded-xl border border-line p-4 hover:border-slate-300 hover:bg-surface"
            >
              <span>
                <span className="font-semibold">
                  {channel.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </span>
                <span className="mt-1 block text-sm text-muted">{channel.description}</span>
              </span>
              <ArrowUpRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-5 flex gap-3 rounded-xl border border-amber-300 bg-notice-bg p-4 text-sm text-notice">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {copy.safetyNote}
      </p>
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {copy.closeLabel}
        </Button>
      </div>
    </Modal>
  );
}
