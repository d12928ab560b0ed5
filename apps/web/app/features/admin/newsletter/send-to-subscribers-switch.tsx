import { MailCheck } from "lucide-react";
import { useId } from "react";
import { Switch } from "~/components/ui/switch";
import { formatDateTime } from "../leads/lead-types";

/**
 * The article editor's "send on publish" switch. The server e-mails the article to confirmed
 * subscribers once, when it is published; after that the switch gives way to the date it went out.
 */
export function SendToSubscribersSwitch({
  checked,
  onChange,
  sentAt,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  sentAt: string | null | undefined;
}) {
  const id = useId();
  if (sentAt) {
    return (
      <p className="flex items-start gap-2 text-sm text-ink">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <span>
          Sent to subscribers on <strong className="font-semibold">{formatDateTime(sentAt)}</strong>. An article is e-mailed only once.
        </span>
      </p>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div>
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-ink">
          Send to subscribers when published
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-muted">
          When this article is published, it is e-mailed to confirmed subscribers once.
        </p>
      </div>
    </div>
  );
}
