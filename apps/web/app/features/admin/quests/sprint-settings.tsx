import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { describeFailure } from "../api/admin-request";
import { AdminInput } from "../components/admin-fields";
import { saveSprintSettings } from "./quests-api";

/**
 * The sprint's minimum account age for a grant (hours at the learning event; 0: none). `current`
 * is the stored value where the console knows it (the sprint list), else the field starts empty.
 */
export function SprintSettings({ sprintId, current }: { sprintId: string; current: number | null }) {
  const [hours, setHours] = useState(current === null ? "" : String(current));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setHours(current === null ? "" : String(current)), [current]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = hours.trim();
    const value = /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
    setBusy(true);
    const result = await saveSprintSettings(sprintId, value);
    setBusy(false);
    if (!result.ok) {
      setError(result.errors?.minAccountAgeHours ?? describeFailure(result));
      return;
    }
    setError(undefined);
    setHours(String(result.data.minAccountAgeHours));
    toast.success("Sprint settings saved", { description: `Accounts must be ${result.data.minAccountAgeHours} hours old at the learning event.` });
  };

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-start">
      <AdminInput
        label="Minimum account age (hours)"
        inputMode="numeric"
        value={hours}
        placeholder="24"
        hint="At the learning event; younger accounts' grants are withheld. 0: no minimum."
        error={error}
        onChange={(e) => setHours(e.target.value)}
      />
      <Button type="submit" variant="outline" size="sm" className="justify-self-start sm:mt-6" disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}
