import { formatDate } from "@vestin/shared/format-date";
import { BadgeCheck, ShieldOff, ShieldX } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { LEARNING_MESSAGES } from "@vestin/shared/learning-core";
import type { Certificate } from "@vestin/shared/learning";
import { ME_MESSAGES } from "@vestin/shared/me";
import { ButtonLink } from "~/components/ui/button";
import { CertificateActions, CertificateBasis } from "~/features/assessments/components/certificate-extras";
import { appContext } from "~/lib/app-context";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/learn-certificate";

export async function loader({ params, context }: Route.LoaderArgs) {
  const res = await context.get(appContext).api(`/certificates/${encodeURIComponent(params.code)}`);
  if (res.status === 404) throw data({ message: LEARNING_MESSAGES.certificateNotFound }, { status: 404 });
  // 410: the holder deleted their account. The code was real; say so rather than "not found".
  if (res.status === 410) {
    const body = (await res.json().catch(() => ({}))) as { message?: unknown };
    throw data(
      { message: typeof body.message === "string" ? body.message : ME_MESSAGES.certificateRevoked, revoked: true, code: params.code },
      { status: 410 },
    );
  }
  if (!res.ok) throw data({ message: "The certificate could not be checked right now." }, { status: 502 });
  return ((await res.json()) as { data: Certificate }).data;
}

const revokedError = (error: unknown) => isRouteErrorResponse(error) && error.status === 410;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Certificate ${args.loaderData.code}` : revokedError(args.error) ? "Certificate revoked" : "Certificate not found",
    description: args.loaderData
      ? args.loaderData.basis === "assessment" && args.loaderData.score !== null
        ? `${args.loaderData.learnerName} passed the final assessment of ${args.loaderData.courseTitle} with ${args.loaderData.score} % at the Vestin Tokenization Education Hub.`
        : `${args.loaderData.learnerName} completed ${args.loaderData.courseTitle} at the Vestin Tokenization Education Hub.`
      : "Verify a Vestin course certificate.",
    noindex: true,
  });

export default function CertificatePage({ loaderData: cert }: Route.ComponentProps) {
  const { publicUrl } = useRootData();
  const issued = formatDate(cert.issuedAt);
  return (
    <section className="container-page flex justify-center py-16 sm:py-24">
      <div className="w-full max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-8 text-center shadow-[var(--shadow-card)] sm:p-12">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-success-bg text-success">
          <BadgeCheck aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">Verified certificate</h1>
        <p className="mt-3 text-muted">This certificate was issued by the Vestin Tokenization Education Hub.</p>
        <dl className="mt-8 grid gap-4 text-left sm:grid-cols-2">
          {[
            { label: "Learner", value: cert.learnerName },
            { label: "Issued", value: issued },
            { label: "Course", value: cert.courseTitle, wide: true },
            { label: "Verification code", value: cert.code, wide: true, mono: true },
          ].map(({ label, value, wide, mono }) => (
            <div key={label} className={cn("rounded-xl bg-surface p-4", wide && "sm:col-span-2")}>
              <dt className="text-xs font-semibold uppercase tracking-widest text-muted">{label}</dt>
              <dd className={cn("mt-1 font-semibold", mono && "font-mono")}>{value}</dd>
            </div>
          ))}
        </dl>
        <CertificateBasis certificate={cert} />
        <CertificateActions certificate={cert} verifyUrl={`${publicUrl}/learn/certificates/${cert.code}`} />
        <ButtonLink to="/learn/courses" variant="outline" className="mt-8">
          Explore the courses
        </ButtonLink>
      </div>
    </section>
  );
}

type CertificateError = { message?: string; revoked?: boolean; code?: string };

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const body: CertificateError = isRouteErrorResponse(error) ? ((error.data as CertificateError | undefined) ?? {}) : {};
  if (body.revoked) {
    return (
      <section className="container-page flex flex-col items-center py-24 text-center" data-testid="certificate-revoked">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-notice-bg text-notice">
          <ShieldOff aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">Certificate revoked</h1>
        <p
          className="mt-4 max-w-md rounded-xl border border-amber-300 bg-notice-bg px-5 py-4 font-semibold text-notice"
          data-testid="certificate-revoked-message"
        >
          {body.message}
        </p>
        <p className="mt-4 max-w-md text-muted">
          {body.code ? (
            <>
              The code <span className="break-all font-mono font-semibold text-ink">{body.code}</span> no longer verifies a course result.
            </>
          ) : (
            "This code no longer verifies a course result."
          )}{" "}
          The learner it was issued to has deleted their Vestin account.
        </p>
        <ButtonLink to="/learn" className="mt-8">
          Back to the learning hub
        </ButtonLink>
      </section>
    );
  }
  const message = body.message ?? LEARNING_MESSAGES.certificateNotFound;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>Certificate not found | Vestin</title>
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-bg text-danger">
        <ShieldX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{message}</h1>
      <p className="mt-3 max-w-md text-muted">No certificate carries this code. Check the code on the certificate and try again.</p>
      <ButtonLink to="/learn" className="mt-8">
        Back to the learning hub
      </ButtonLink>
    </section>
  );
}
