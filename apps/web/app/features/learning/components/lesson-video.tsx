import { PlayCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { readStoredCookieConsent, useConsent, writeCookieConsent } from "~/features/consents";

/** The company whose player an embed address loads, named to the visitor before anything is loaded. */
function providerOf(embedUrl: string): string {
  const host = new URL(embedUrl).hostname;
  return host.endsWith("vimeo.com") ? "Vimeo" : "YouTube";
}

/**
 * A lesson video from a third-party player. Nothing is requested from the provider until the
 * visitor allows it: a placeholder names the video and the provider, "Load video" loads this one,
 * and "Always allow embedded videos" stores the choice in the cookie consent, where the cookie
 * page can withdraw it again (the placeholder then comes back).
 */
export function LessonVideo({ embedUrl, title }: { embedUrl: string; title: string }) {
  const allowed = useConsent("embeds");
  const [loadedHere, setLoadedHere] = useState(false);
  const [always, setAlways] = useState(false);
  const alwaysId = useId();
  const noteId = useId();
  const provider = providerOf(embedUrl);

  if (allowed || loadedHere) {
    return (
      <div className="mt-3 aspect-video overflow-hidden rounded-2xl bg-navy-950">
        <iframe
          src={embedUrl}
          title={title}
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="size-full border-0"
        />
      </div>
    );
  }

  const load = () => {
    if (always) {
      writeCookieConsent({ analytics: readStoredCookieConsent().analytics, embeds: true });
    }
    setLoadedHere(true);
  };

  return (
    <div
      data-video-placeholder={provider}
      className="mt-3 flex min-h-56 flex-col items-center justify-center gap-3 rounded-2xl bg-navy-950 bg-[radial-gradient(circle_at_30%_20%,rgb(124_58_237/0.35),transparent_60%)] p-5 text-center text-white sm:aspect-video sm:gap-4"
    >
      <PlayCircle aria-hidden="true" className="size-10 shrink-0 text-brand-teal sm:size-12" />
      <p className="max-w-md font-semibold leading-snug sm:text-lg">{title}</p>
      <p id={noteId} className="max-w-md text-xs leading-relaxed text-slate-300 sm:text-sm">
        This video plays from {provider}. Loading it sends your IP address to {provider}, which may set its own cookies.
      </p>
      <Button variant="light" size="sm" onClick={load} aria-describedby={noteId}>
        Load video
      </Button>
      <label htmlFor={alwaysId} className="flex items-center gap-2 text-xs text-slate-200 sm:text-sm">
        <input id={alwaysId} type="checkbox" checked={always} onChange={(event) => setAlways(event.target.checked)} className="size-4 accent-brand-teal" />
        Always allow embedded videos
      </label>
    </div>
  );
}
