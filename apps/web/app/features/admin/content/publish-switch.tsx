import { useId } from "react";
import { Switch } from "~/components/ui/switch";

/**
 * Published / draft as one switch; the change applies when the form is saved. A scheduled subject
 * (switch off) says it waits for its moment, not that it is a draft; switched on, saving publishes
 * it now instead.
 */
export function PublishSwitch({ published, onChange, scheduled = false }: { published: boolean; onChange: (published: boolean) => void; scheduled?: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
      <Switch id={id} checked={published} onCheckedChange={onChange} aria-describedby={`${id}-state`} />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-ink">
        Published
      </label>
      <span id={`${id}-state`} className="text-xs text-muted">
        {published
          ? scheduled
            ? "visible on the site after saving, instead of at its scheduled moment"
            : "visible on the site after saving"
          : scheduled
            ? "scheduled: hidden until its moment (see Schedule)"
            : "draft: only the team sees it"}
      </span>
    </div>
  );
}
