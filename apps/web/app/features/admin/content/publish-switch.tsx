import { useId } from "react";
import { Switch } from "~/components/ui/switch";

/** Published / draft as one switch; the change applies when the form is saved. */
export function PublishSwitch({ published, onChange }: { published: boolean; onChange: (published: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
      <Switch id={id} checked={published} onCheckedChange={onChange} aria-describedby={`${id}-state`} />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-ink">
        Published
      </label>
      <span id={`${id}-state`} className="text-xs text-muted">
        {published ? "visible on the site after saving" : "draft: only the team sees it"}
      </span>
    </div>
  );
}
