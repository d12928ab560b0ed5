import { Heart } from "lucide-react";
import { useRef, useState } from "react";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { setLiked, useLikedArticles } from "../liked-articles";

/**
 * Like toggle: one request at a time; the count shown is the server's; failures change nothing. The
 * count belongs to one article: given another (or a fresher count of it), the button starts from that.
 */
export function LikeButton({ articleId, initialCount, size = "sm" }: { articleId: string; initialCount: number; size?: "sm" | "md" }) {
  const liked = useLikedArticles().has(articleId);
  const [state, setState] = useState({ articleId, initialCount, count: initialCount });
  if (state.articleId !== articleId || state.initialCount !== initialCount) setState({ articleId, initialCount, count: initialCount });
  const count = state.articleId === articleId ? state.count : initialCount;
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await apiRequest<{ likeCount: number }>(`/blogs/${encodeURIComponent(articleId)}/${liked ? "unlike" : "like"}`, {
        method: "PUT",
        token: false,
      });
      if (result.ok && typeof result.data.likeCount === "number") {
        setLiked(articleId, !liked);
        // An answer for an article no longer shown here only updates the liked set.
        const likeCount = result.data.likeCount;
        setState((prev) => (prev.articleId === articleId ? { ...prev, count: likeCount } : prev));
      }
      // Likes are best effort: a failure leaves everything as it was.
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={liked}
      // The visible count is part of the name (WCAG 2.5.3; axe ignores words in parentheses).
      aria-label={`${liked ? "Unlike" : "Like"} this article, ${count} ${count === 1 ? "like" : "likes"}`}
      disabled={busy}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border font-medium transition-colors",
        size === "md" ? "h-10 px-4 text-sm" : "h-8 px-3 text-xs",
        liked ? "border-rose-200 bg-rose-50 text-rose-600" : "border-line bg-white text-muted hover:text-rose-600",
      )}
    >
      <SpriteIcon icon={Heart} className={cn(size === "md" ? "size-4" : "size-3.5", liked && "fill-current")} />
      <span data-testid="like-count">{count}</span>
    </button>
  );
}
