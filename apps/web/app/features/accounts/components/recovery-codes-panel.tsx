import { Copy, Download, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { ACCOUNT_COPY } from "../own-account-copy";
import { formatDate } from "../format";

/**
 * The ten recovery codes, shown once (just after turning it on, or after making new ones), with
 * ways to keep them: copy, or a text file. The heading takes the focus so a screen reader starts
 * here. An administrator also gets the way on to the console.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  notice,
  consoleLink,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  notice: string;
  consoleLink: boolean;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setMessage({ tone: "success", text: ACCOUNT_COPY.codesCopied });
    } catch {
      setMessage({ tone: "danger", text: ACCOUNT_COPY.copyFailed });
    }
  };

  const download = () => {
    const text = ACCOUNT_COPY.codesFileText(email, codes, formatDate(new Date().toISOString()));
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = ACCOUNT_COPY.codesFile;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <div className="grid gap-5">
      <Notice tone="success">{notice}</Notice>
      <div className="rounded-xl border border-line bg-surface p-4 sm:p-6">
        <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold focus:outline-none">
          <KeyRound aria-hidden="true" className="size-5 text-brand-violet" />
          {ACCOUNT_COPY.codesTitle}
        </h3>
        <p className="mt-2 text-sm leading-relaxed text-muted">{ACCOUNT_COPY.codesNote}</p>
        <ol aria-label={ACCOUNT_COPY.codesTitle} data-testid="recovery-codes" className="mt-4 grid max-w-md grid-cols-2 gap-2">
          {codes.map((code) => (
            <li
              key={code}
              className="rounded-lg border border-line bg-white px-2 py-2 text-center font-mono text-sm font-semibold tracking-wide text-ink sm:text-base sm:tracking-wider"
            >
              {code}
            </li>
          ))}
        </ol>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            {ACCOUNT_COPY.copyCodes}
          </Button>
          <Button variant="outline" size="sm" onClick={download}>
            <Download aria-hidden="true" className="size-4" />
            {ACCOUNT_COPY.downloadCodes}
          </Button>
        </div>
        <div aria-live="polite">
          {message && (
            <Notice tone={message.tone} className="mt-3">
              {message.text}
            </Notice>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant={consoleLink ? "outline" : "primary"} onClick={onDone}>
          {ACCOUNT_COPY.codesStored}
        </Button>
        {consoleLink && (
          <ButtonLink to="/admin" variant="primary">
            {ACCOUNT_COPY.openConsole}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
