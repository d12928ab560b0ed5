import { useEffect, useState } from "react";
import { sessionToken, useAuth } from "~/lib/session/auth-store";
import { myCourse } from "~/features/my-learning";

/** Whether the person looking holds the certificate: unknown while it is asked. */
export type CertificateOwnership = "checking" | "owner" | "not-owner";

/**
 * Whether the signed-in visitor is the learner a certificate was issued to, so the page can offer
 * them what only a holder may do (add it to their profile, download its PDF). The verification page
 * is public and carries no account id, so this asks the learner's own standing in the course: it
 * names their certificate's code, which must be this one. A visitor holds nothing.
 */
export function useCertificateOwner(courseId: string, code: string): CertificateOwnership {
  const auth = useAuth();
  const token = sessionToken(auth);
  const [ownership, setOwnership] = useState<CertificateOwnership>("checking");
  useEffect(() => {
    if (auth.isLoading) return;
    if (!token) {
      setOwnership("not-owner");
      return;
    }
    setOwnership("checking");
    let cancelled = false;
    void myCourse(courseId).then((result) => {
      if (!cancelled) setOwnership(result.ok && result.data.certificate?.code === code ? "owner" : "not-owner");
    });
    return () => {
      cancelled = true;
    };
  }, [auth.isLoading, token, courseId, code]);
  return ownership;
}
