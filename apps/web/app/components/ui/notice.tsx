import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

type Tone = "notice" | "success" | "danger" | "info";

const tones: Record<Tone, { box: string; icon: typeof Info }> = {
  notice: { box: "border-amber-300 bg-notice-bg text-notice", icon: AlertTriangle },
  success: { box: "border-green-200 bg-success-bg text-success", icon: CheckCircle2 },
  danger: { box: "border-red-200 bg-danger-bg text-danger", icon: XCircle },
  info: { box: "border-line bg-surface text-ink", icon: Info },
};

/** An inline message box: amber notices, green success, red errors. */
export function Notice({ tone = "info", children, onDismiss, className }: { tone?: Tone; children: ReactNode; onDismiss?: () => void; className?: string }) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div role={tone === "danger" ? "alert" : "status"} className={cn("flex items-start gap-3 rounded-xl border px-4 py-3 text-sm", box, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex-1 leading-relaxed">{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="-m-1 rounded-lg p-1 hover:bg-black/5">
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
