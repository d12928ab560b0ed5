import { useEffect, useRef, useState } from "react";
import type { ChallengeProvider } from "@vestin/shared/form-guard";
import { FORM_GUARD_MESSAGES } from "@vestin/shared/form-guard-core";

type WidgetApi = {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  remove?(id: string | number): void;
};

/** Where each provider's script lives and the global it defines (explicit rendering). */
const PROVIDERS: Record<ChallengeProvider, { src: string; global: "turnstile" | "hcaptcha" }> = {
  turnstile: { src: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit", global: "turnstile" },
  hcaptcha: { src: "https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off", global: "hcaptcha" },
};

const loading = new Map<ChallengeProvider, Promise<WidgetApi>>();

/** Loads the provider's script once per page (the page's CSP allows its origin only when configured). */
function loadProvider(provider: ChallengeProvider): Promise<WidgetApi> {
  const existing = loading.get(provider);
  if (existing !== undefined) return existing;
  const { src, global } = PROVIDERS[provider];
  const promise = new Promise<WidgetApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as Record<string, WidgetApi | undefined>)[global];
      if (api) resolve(api);
      else reject(new Error(`${provider} did not load`));
    };
    script.onerror = () => reject(new Error(`${provider} could not be loaded`));
    document.head.appendChild(script);
  });
  loading.set(provider, promise);
  promise.catch(() => loading.delete(provider));
  return promise;
}

/** The optional challenge (Turnstile or hCaptcha), rendered only when the server names one. */
export function ChallengeWidget({ challenge, onToken }: { challenge: { provider: ChallengeProvider; siteKey: string }; onToken: (token: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const callback = useRef(onToken);
  callback.current = onToken;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let api: WidgetApi | undefined;
    let widget: string | number | undefined;
    loadProvider(challenge.provider)
      .then((loaded) => {
        if (cancelled || !box.current) return;
        api = loaded;
        widget = loaded.render(box.current, {
          sitekey: challenge.siteKey,
          callback: (token: string) => callback.current(token),
          "expired-callback": () => callback.current(""),
          "error-callback": () => callback.current(""),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (api?.remove && widget !== undefined) api.remove(widget);
    };
  }, [challenge.provider, challenge.siteKey]);

  return (
    <div>
      <div ref={box} className="min-h-[65px]" data-challenge={challenge.provider} />
      {failed && (
        <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {FORM_GUARD_MESSAGES.challengeUnavailable}
        </p>
      )}
    </div>
  );
}
