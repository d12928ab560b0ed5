import { Link2, MessageCircle, Send, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { SHARE_LIMITS, shareableUrl, trimShareText } from "@vestin/shared/blog-core";
import { useRootData } from "~/lib/use-root-data";

type Network = { name: string; label: string; icon: typeof Send; href: (url: string, text: string) => string; limit: number };

function XMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

export function LinkedInMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
    </svg>
  );
}

const NETWORKS: Network[] = [
  {
    name: "x",
    label: "Share on X",
    icon: Send,
    limit: SHARE_LIMITS.short,
    href: (url, text) => `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
  },
  {
    name: "linkedin",
    label: "Share on LinkedIn",
    icon: Send,
    limit: SHARE_LIMITS.long,
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  },
  {
    name: "telegram",
    label: "Share on Telegram",
    icon: Send,
    limit: SHARE_LIMITS.long,
    href: (url, text) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
  },
  {
    name: "whatsapp",
    label: "Share on WhatsApp",
    icon: MessageCircle,
    limit: SHARE_LIMITS.long,
    href: (url, text) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  },
];

/**
 * Share links (pop-up windows), the device share sheet where there is one, else copy the link. The
 * links carry the site's configured address (PUBLIC_URL) and `text` ("title: excerpt" when not given;
 * the device sheet, which shows the title itself, gets the excerpt).
 */
export function ShareBar({
  url,
  title,
  excerpt,
  text,
  label = "Share this article",
}: {
  url: string;
  title: string;
  excerpt: string;
  text?: string;
  label?: string;
}) {
  const { publicUrl } = useRootData();
  const shareUrl = shareableUrl(url, publicUrl);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      toast.success("Link copied to your clipboard.");
    } catch {
      toast.error("Could not copy the link. Copy it from the address bar instead.");
    }
  };

  const deviceShare = async () => {
    try {
      await navigator.share({ title, text: trimShareText(text ?? excerpt, SHARE_LIMITS.long), url: shareUrl });
    } catch (err) {
      if ((err as Error).name !== "AbortError") await copy();
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label}>
      {NETWORKS.map((network) => {
        const href = network.href(shareUrl, trimShareText(text ?? `${title}: ${excerpt}`, network.limit));
        const Icon = network.icon;
        return (
          <a
            key={network.name}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            data-network={network.name}
            aria-label={network.label}
            onClick={(e) => {
              const popup = window.open(href, `share-${network.name}`, "width=620,height=560,noopener,noreferrer");
              if (popup !== null) e.preventDefault();
            }}
            className="inline-flex size-10 items-center justify-center rounded-full border border-line bg-white text-ink transition-colors hover:border-brand-violet hover:text-brand-violet"
          >
            {network.name === "x" ? <XMark /> : network.name === "linkedin" ? <LinkedInMark /> : <Icon aria-hidden="true" className="size-4" />}
          </a>
        );
      })}
      {canShare ? (
        <button
          type="button"
          onClick={() => void deviceShare()}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-brand-violet"
        >
          <Share2 aria-hidden="true" className="size-4" /> Share…
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-brand-violet"
        >
          <Link2 aria-hidden="true" className="size-4" /> Copy link
        </button>
      )}
    </div>
  );
}
