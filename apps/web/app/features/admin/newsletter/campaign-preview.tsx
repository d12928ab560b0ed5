import { RefreshCw, X } from "lucide-react";
import { Tabs as RadixTabs } from "radix-ui";
import type { CampaignPreview as Preview } from "@vestin/shared/newsletter";
import { Button } from "~/components/ui/button";
import { TabsList, TabsTrigger } from "~/components/ui/tabs";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";

/**
 * The e-mail as a subscriber gets it. The HTML part is shown in an iframe with `sandbox=""`: no
 * scripts, no forms, its own opaque origin, so nothing in a message can touch the console. The
 * plain-text part has its own tab.
 */
export function CampaignPreview({
  preview,
  loading,
  error,
  stale,
  onRefresh,
  onClose,
}: {
  preview: Preview | null;
  loading: boolean;
  error: string | null;
  /** The form has changes the preview does not show yet. */
  stale: boolean;
  onRefresh?: () => void;
  onClose: () => void;
}) {
  return (
    <Panel
      title="E-mail preview"
      actions={
        <div className="flex flex-wrap gap-2">
          {onRefresh && (
            <Button size="sm" variant="outline" onClick={onRefresh} disabled={loading}>
              <RefreshCw aria-hidden="true" className="size-4" /> {stale ? "Save and refresh" : "Refresh"}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close the preview">
            <X aria-hidden="true" className="size-4" /> Close
          </Button>
        </div>
      }
    >
      {error && <LoadError message={error} onRetry={onRefresh} />}
      {stale && preview && (
        <p className="mb-3 rounded-lg bg-notice-bg px-3 py-2 text-sm text-notice">
          The preview shows the last saved version. Save the draft to see your latest changes.
        </p>
      )}
      {!preview ? (
        !error && <LoadingBlock label="Preparing the preview…" rows={6} />
      ) : (
        <div aria-busy={loading || undefined}>
          <p className="mb-3 text-sm">
            <span className="text-muted">Subject: </span>
            <strong className="font-semibold text-ink">{preview.subject}</strong>
          </p>
          {/* Both parts stay mounted, so switching tabs does not reload the iframe. */}
          <RadixTabs.Root defaultValue="html">
            <TabsList aria-label="Part of the e-mail">
              <TabsTrigger value="html" className="h-9 px-4">
                HTML
              </TabsTrigger>
              <TabsTrigger value="text" className="h-9 px-4">
                Plain text
              </TabsTrigger>
            </TabsList>
            <RadixTabs.Content value="html" forceMount className="mt-3 focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=inactive]:hidden">
              <iframe
                title={`E-mail preview: ${preview.subject}`}
                sandbox=""
                srcDoc={preview.html}
                className="block h-[28rem] w-full rounded-lg border border-line bg-surface sm:h-[34rem]"
              />
            </RadixTabs.Content>
            <RadixTabs.Content value="text" forceMount className="mt-3 focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=inactive]:hidden">
              <pre
                role="region"
                tabIndex={0}
                aria-label="Plain-text part"
                className="max-h-[34rem] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-line bg-surface p-4 font-mono text-[13px] leading-relaxed text-ink"
              >
                {preview.text}
              </pre>
            </RadixTabs.Content>
          </RadixTabs.Root>
        </div>
      )}
    </Panel>
  );
}
