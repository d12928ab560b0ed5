import { Check, Copy, Link2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  DEFAULT_PREVIEW_LIFETIME,
  PREVIEW_LIFETIME_LABELS,
  PREVIEW_LIFETIMES,
  type PreviewLifetime,
  type PreviewLinkState,
  type PreviewSubjectKind,
} from "@vestin/shared/previews-core";
import { formatDate } from "@vestin/shared/format-date";
import { adminRequest, describeFailure, queryString } from "../api/admin-request";
import { AdminSelect } from "../components/admin-fields";
import { Panel } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";

/** A row of GET /admin/previews: never the token. */
type PreviewLinkRow = {
  _id: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  state: PreviewLinkState;
};

const STATE_TONES: Record<PreviewLinkState, BadgeTone> = { active: "success", expired: "neutral", revoked: "notice" };
const STATE_LABELS: Record<PreviewLinkState, string> = { active: "Active", expired: "Expired", revoked: "Revoked" };
const NOUNS: Record<PreviewSubjectKind, string> = { article: "article", course: "course", lesson: "lesson" };

const when = (iso: string) => `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}`;

/**
 * "Share preview": secret links that show this draft, as it will look when published, to someone
 * without an account. A new link's address is shown once (only its hash is stored); the list
 * shows each link's expiry and state, and revokes a link at once.
 */
export function PreviewLinksPanel({ kind, subjectId }: { kind: PreviewSubjectKind; subjectId: string }) {
  const path = `/admin/previews${queryString({ kind, subjectId })}`;
  const links = useAdminQuery<PreviewLinkRow[]>(path);
  const [lifetime, setLifetime] = useState<PreviewLifetime>(DEFAULT_PREVIEW_LIFETIME);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  const create = async () => {
    setCreating(true);
    const result = await adminRequest<PreviewLinkRow & { url: string }>("/admin/previews", { method: "POST", body: { kind, subjectId, lifetime } });
    setCreating(false);
    if (!result.ok) return void toast.error(describeFailure(result));
    setCreated({ id: result.data._id, url: result.data.url });
    setCopied(null);
    links.setData((rows) => [result.data, ...(rows ?? [])]);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };

  const revoke = async (id: string) => {
    setRevoking(id);
    const result = await adminRequest<PreviewLinkRow>(`/admin/previews/${encodeURIComponent(id)}/revoke`, { method: "POST" });
    setRevoking(null);
    if (!result.ok) return void toast.error(describeFailure(result));
    if (created?.id === id) setCreated(null);
    links.setData((rows) => rows?.map((row) => (row._id === id ? result.data : row)));
    toast.success("Preview link revoked: it no longer opens.");
  };

  return (
    <Panel title="Share preview">
      <p className="text-sm leading-relaxed text-muted">
        A secret link shows this {NOUNS[kind]} as it will look when published, to anyone who has it, without an account. Search engines are told not to list it.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <AdminSelect
          label="Link works for"
          value={lifetime}
          onChange={(e) => setLifetime(e.target.value as PreviewLifetime)}
          wrapperClassName="w-40"
          name="preview-lifetime"
        >
          {PREVIEW_LIFETIMES.map((value) => (
            <option key={value} value={value}>
              {PREVIEW_LIFETIME_LABELS[value]}
            </option>
          ))}
        </AdminSelect>
        <Button variant="outline" className="h-10" onClick={() => void create()} disabled={creating}>
          <Link2 aria-hidden="true" className="size-4" /> {creating ? "Creating…" : "Create preview link"}
        </Button>
      </div>

      {created && (
        <div className="mt-4 rounded-lg border border-brand-violet/30 bg-brand-violet/5 p-3" data-testid="new-preview-link">
          <p className="text-xs font-semibold text-ink">New link — copy it now: it is not shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label="Preview link"
              value={created.url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-9 min-w-0 flex-1 basis-64 rounded-md border border-line bg-white px-2 font-mono text-xs text-ink"
            />
            <Button size="sm" onClick={() => void copy(created.url)}>
              {copied === "yes" ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied === "yes" ? "Copied" : "Copy link"}
            </Button>
          </div>
          <p role="status" className="mt-1 text-xs text-muted">
            {copied === "yes" ? "The link is on your clipboard." : copied === "failed" ? "Copying failed: select the link and copy it by hand." : ""}
          </p>
        </div>
      )}

      <h3 className="mt-5 text-xs font-semibold uppercase tracking-widest text-muted">Links</h3>
      {links.error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {links.error}{" "}
          <button type="button" className="font-semibold underline" onClick={links.reload}>
            Try again
          </button>
        </p>
      ) : !links.data ? (
        <p className="mt-2 text-sm text-muted">Loading links…</p>
      ) : links.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No preview links yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line rounded-lg border border-line" aria-label="Preview links">
          {links.data.map((link) => (
            <li key={link._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5 text-sm" data-testid="preview-link-row">
              <Badge tone={STATE_TONES[link.state]}>{STATE_LABELS[link.state]}</Badge>
              <span className="order-last min-w-0 basis-full text-muted sm:order-none sm:basis-auto sm:flex-1">
                Created {when(link.createdAt)} ·{" "}
                {link.state === "revoked" && link.revokedAt
                  ? `revoked ${when(link.revokedAt)}`
                  : `${link.state === "expired" ? "expired" : "expires"} ${when(link.expiresAt)}`}
              </span>
              {link.state === "active" && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto text-danger sm:ml-0"
                  onClick={() => void revoke(link._id)}
                  disabled={revoking === link._id}
                >
                  {revoking === link._id ? "Revoking…" : "Revoke"}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
