import { useLearnEarn } from "../use-learn-earn";
import { LearnEarnPanel } from "./learn-earn-panel";

/**
 * My learning's learn-and-earn part: loads the learner's quests and draws the panel only while a
 * sprint runs. A failed load hides it (the page's own courses stay the point of the page).
 */
export function LearnEarnSection({ className }: { className?: string }) {
  const { state, reload } = useLearnEarn();
  if (state.phase !== "ready" || !state.data.sprint) return null;
  return (
    <div className={className}>
      <LearnEarnPanel status={state.data} onWalletLinked={() => void reload()} />
    </div>
  );
}
