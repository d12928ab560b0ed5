import { Award, BookOpenCheck, Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import { linkedInAddToProfileUrl } from "@vestin/shared/assessments-core";
import type { Certificate } from "@vestin/shared/learning";
import { Button, buttonClasses } from "~/components/ui/button";
import { LinkedInMark, ShareBar } from "~/features/blog";
import { downloadCertificate } from "~/features/learning";
import { useCertificateOwner } from "../use-certificate-owner";

/** What the certificate was issued for: a pass with its score, or (before assessments) the lessons. */
export function CertificateBasis({ certificate }: { certificate: Certificate }) {
  const assessed = certificate.basis === "assessment" && certificate.score !== null;
  return (
    <p
      className="mt-6 flex items-center justify-center gap-2 rounded-xl bg-success-bg px-4 py-3 text-sm font-semibold text-success"
      data-testid="certificate-basis"
    >
      {assessed ? <Award aria-hidden="true" className="size-5 shrink-0" /> : <BookOpenCheck aria-hidden="true" className="size-5 shrink-0" />}
      <span>
        {assessed ? `Passed the final assessment with ${certificate.score} %` : "Issued for completing every lesson, before the course had an assessment"}
      </span>
    </p>
  );
}

/**
 * The certificate's actions. Its holder may add it to their LinkedIn profile (LinkedIn's
 * add-to-profile link, with this page as the credential's address) and download the PDF; everyone
 * may share the page. Every address here is the site's configured one (`verifyUrl`, from PUBLIC_URL).
 */
export function CertificateActions({ certificate, verifyUrl }: { certificate: Certificate; verifyUrl: string }) {
  const ownership = useCertificateOwner(certificate.courseId, certificate.code);
  const [busy, setBusy] = useState(false);
  const linkedIn = linkedInAddToProfileUrl({
    courseTitle: certificate.courseTitle,
    issuedAt: certificate.issuedAt,
    code: certificate.code,
    verifyUrl,
    organization: PRODUCT_NAME,
  });
  const download = async () => {
    setBusy(true);
    const result = await downloadCertificate(certificate.courseId);
    setBusy(false);
    if (!result.ok) toast.error(result.message);
  };
  // The share text names the course once: the title is only the device share sheet's heading.
  const achievement =
    certificate.basis === "assessment" && certificate.score !== null
      ? `${certificate.learnerName} passed the final assessment of ${certificate.courseTitle} with ${certificate.score} % at the ${PRODUCT_NAME} Tokenization Education Hub.`
      : `${certificate.learnerName} completed ${certificate.courseTitle} at the ${PRODUCT_NAME} Tokenization Education Hub.`;

  return (
    <div
      className="mt-8 grid gap-6 border-t border-line pt-6"
      data-testid="certificate-actions"
      data-owner-check={ownership === "checking" ? "pending" : "done"}
    >
      {ownership === "owner" && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
          <a href={linkedIn} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "md")}>
            <LinkedInMark />
            Add to LinkedIn profile
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Button variant="outline" onClick={() => void download()} disabled={busy}>
            <Download aria-hidden="true" className="size-4" /> {busy ? "Preparing the PDF…" : "Download PDF"}
          </Button>
        </div>
      )}
      <div className="grid justify-items-center gap-2">
        <p className="text-xs font-semibold uppercase tracking-widest text-muted">Share this certificate</p>
        <ShareBar url={verifyUrl} title={`${PRODUCT_NAME} certificate`} excerpt={achievement} text={achievement} label="Share this certificate" />
      </div>
    </div>
  );
}
