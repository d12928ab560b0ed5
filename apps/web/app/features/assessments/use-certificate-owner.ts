import { useEffect, useState } from "react";
import { useSessionToken } from "~/lib/session/auth-store";
import { assessmentStatus } from "./lazy-status";
import { enrollmentStatus } from "~/features/learning";

/**
 * Whether the signed-in visitor is the learner a certificate was issued to, so the page can offer
 * them its PDF (the PDF is served to its owner only). The verification page is public and carries
 * no account id, so this asks the learner's own standing: the course's assessment names their
 * certificate; a course without an assessment certifies every learner who completed it.
 */
export function useCertificateOwner(courseId: string, code: string): boolean {
  const token = useSessionToken();
  const [owner, setOwner] = useState(false);
  useEffect(() => {
    setOwner(false);
    if (!token) return;
    let cancelled = false;
    const check = async () => {
      const status = await assessmentStatus(courseId);
      if (status.ok) return status.data.learner?.certificateCode === code;
      if (status.status !== 404) return false;
      const enrolment = await enrollmentStatus(courseId);
      return (enrolment.progress?.progressPercentage ?? 0) >= 100;
    };
    void check().then((mine) => {
      if (!cancelled) setOwner(mine);
    });
    return () => {
      cancelled = true;
    };
  }, [token, courseId, code]);
  return owner;
}
