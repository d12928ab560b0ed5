import { useEffect, useState } from "react";
import { data } from "react-router";
import type { PlacementQuestion, PlacementResult } from "@vestin/shared/assessments";
import { PageHeader } from "~/components/ui/page-header";
import { sessionToken, useAuth } from "~/lib/session/auth-store";
import { myPlacement } from "~/features/assessments/api/assessment-api";
import { ASSESSMENT_COPY } from "~/features/assessments/copy";
import { PlacementQuiz } from "~/features/assessments/components/placement-quiz";
import { PlacementResultView } from "~/features/assessments/components/placement-result-view";
import { placementOffer, useLearnEarnOffers, XpOffer } from "~/features/learn-earn";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/learn-placement";

export const handle: RouteHandle = { loaderText: "Loading the placement quiz..." };

/** The quiz's questions are public; a learner's saved result loads in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.get(appContext).api("/placement");
  if (!res.ok) throw data({ message: "The placement quiz could not be loaded right now." }, { status: res.status === 404 ? 404 : 502 });
  return ((await res.json()) as { data: { questions: PlacementQuestion[] } }).data;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Placement quiz: find your learning track",
    description: ASSESSMENT_COPY.placementIntro,
    path: "/learn/placement",
    noindex: true,
  });

export default function PlacementPage({ loaderData }: Route.ComponentProps) {
  const { questions } = loaderData;
  const auth = useAuth();
  const token = sessionToken(auth);
  const [result, setResult] = useState<PlacementResult | null>(null);
  const [checkingSaved, setCheckingSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const offers = useLearnEarnOffers();

  // A signed-in learner who took the quiz before sees their saved result first.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    setCheckingSaved(true);
    void myPlacement().then((saved) => {
      if (cancelled) return;
      setCheckingSaved(false);
      if (saved.ok && saved.data) setResult(saved.data);
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  const retake = () => {
    setResult(null);
    setAttempt((n) => n + 1);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader eyebrow="Learning hub" title={ASSESSMENT_COPY.placementTitle} intro={ASSESSMENT_COPY.placementIntro}>
        {!auth.isAuthenticated && !auth.isLoading && <p className="text-sm text-slate-300">{ASSESSMENT_COPY.saveHint}</p>}
      </PageHeader>
      <div className="bg-surface/60">
        <div className="container-page py-10 sm:py-14">
          <div className="mx-auto max-w-3xl" aria-busy={checkingSaved}>
            {!result && <XpOffer text={placementOffer(offers)} className="mb-4" />}
            {result ? (
              <PlacementResultView result={result} questions={questions} signedIn={auth.isAuthenticated} onRetake={retake} />
            ) : checkingSaved ? (
              <p role="status" className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-muted">
                Looking for your saved result…
              </p>
            ) : (
              <PlacementQuiz
                key={attempt}
                questions={questions}
                onGraded={(graded) => {
                  setResult(graded);
                  window.scrollTo({ top: 0 });
                }}
              />
            )}
          </div>
        </div>
      </div>
    </>
  );
}
