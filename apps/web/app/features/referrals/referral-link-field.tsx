import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { cn } from "~/lib/cn";

/** The person's referral link in a read-only field with a copy button; what happened is announced. */
export function ReferralLinkField({ link, tone = "light" }: { link: string; tone?: "light" | "dark" }) {
  const id = useId();
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  const dark = tone === "dark";
  return (
    <div>
      <label htmlFor={id} className={cn("text-sm font-medium", dark ? "text-slate-200" : "text-ink")}>
        Your referral link
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(
            "min-w-0 flex-1 rounded-xl border px-3 py-2.5 font-mono text-sm",
            dark ? "border-white/15 bg-white/[0.08] text-white" : "border-line bg-white text-ink",
          )}
        />
        <button
          type="button"
          onClick={() => void copy()}
          className={cn(
            "inline-flex shrink-0 items-center gap-1.5 rounded-xl px-3.5 py-2.5 text-sm font-semibold transition-colors",
            dark ? "bg-white text-navy-950 hover:bg-slate-200" : "bg-navy-950 text-white hover:bg-navy-800",
          )}
        >
          {copied === "yes" ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied === "yes" ? "Copied" : "Copy"}
        </button>
      </div>
      <p role="status" className={cn("mt-1.5 min-h-5 text-xs", dark ? "text-slate-300" : "text-muted")}>
        {copied === "yes" ? "The link is on your clipboard." : copied === "failed" ? "Copying failed: select the link and copy it by hand." : ""}
      </p>
    </div>
  );
}
