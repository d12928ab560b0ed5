import { displayName } from "@vestin/shared/accounts-core";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { useRequireAuth } from "~/features/accounts/use-auth-guards";
import { LearnEarnSection } from "~/features/learn-earn";
import { MyLearningHeader } from "~/features/my-learning/components/my-learning-header";
import { MyLearningLoading, MyLearningView } from "~/features/my-learning/components/my-learning-view";
import { MY_LEARNING_COPY } from "~/features/my-learning/copy";
import { MY_LEARNING_PATH } from "~/features/my-learning/paths";
import { useMyLearning } from "~/features/my-learning/use-my-learning";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/learn-my-learning";

// The page draws its own loading state: the learner's data only exists in the browser.
export const handle: RouteHandle = { loaderMs: 0 };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: MY_LEARNING_COPY.title, description: MY_LEARNING_COPY.intro, path: MY_LEARNING_PATH, noindex: true });

/**
 * The learner's own courses. The HTML is the same for everyone (and cached); signed-out visitors
 * are sent to sign in and brought back, and the learner's courses are fetched with their token.
 */
export default function MyLearningPage() {
  useRequireAuth();
  const { state, auth, reload } = useMyLearning();

  let body: React.ReactNode;
  if (auth.isLoading || !auth.isAuthenticated) body = <MyLearningLoading text={MY_LEARNING_COPY.checkingAccount} />;
  else if (state.phase === "ready") body = <MyLearningView data={state.data} />;
  else if (state.phase === "error") {
    body = (
      <div className="grid max-w-2xl gap-4">
        <Notice tone="danger">
          <strong className="font-semibold">{MY_LEARNING_COPY.loadFailed}</strong> <span data-testid="my-learning-error">{state.message}</span>
        </Notice>
        <Button variant="outline" className="justify-self-start" onClick={() => void reload()}>
          {MY_LEARNING_COPY.retry}
        </Button>
      </div>
    );
  } else body = <MyLearningLoading text={MY_LEARNING_COPY.loading} />;

  return (
    <>
      <MyLearningHeader name={auth.isAuthenticated ? displayName(auth.user) : null} />
      <div className="min-h-[50vh] bg-surface/60">
        <div className="container-page py-10 sm:py-12">
          {auth.isAuthenticated && <LearnEarnSection className="mb-10" />}
          {body}
        </div>
      </div>
    </>
  );
}
