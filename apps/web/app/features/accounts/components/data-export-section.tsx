import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { downloadMyData } from "../api/own-account-api";
import { ACCOUNT_COPY } from "../own-account-copy";
import { SectionStatusMessage, SettingsSection, type SectionStatus } from "./settings-section";

/** "Download my data": the whole export as one JSON file (the right of access and portability). */
export function DataExportSection() {
  const [status, setStatus] = useState<SectionStatus>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setStatus(null);
    setBusy(true);
    const result = await downloadMyData();
    setBusy(false);
    setStatus(result.ok ? { tone: "success", text: ACCOUNT_COPY.exportDone(result.data) } : { tone: "danger", text: result.message });
  };

  return (
    <SettingsSection id="export" title={ACCOUNT_COPY.exportTitle} intro={ACCOUNT_COPY.exportIntro}>
      <div className="grid gap-4">
        <SectionStatusMessage status={status} testId="export-status" />
        <div>
          <Button onClick={() => void download()} disabled={busy}>
            <Download aria-hidden="true" className="size-4" />
            {busy ? ACCOUNT_COPY.exportBusy : ACCOUNT_COPY.exportButton}
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}
