import { useEffect, useRef } from "react";
import { useLearnEarn } from "../use-learn-earn";
import { LearnEarnPanel } from "./learn-earn-panel";

/**
 * My learning's learn-and-earn part: loads the learner's quests and draws the panel only while a
 * sprint runs. A failed load hides it (the page's own courses stay the point of the page).
 */
export function LearnEarnSection({ className }: { className?: string }) {
  const { state, reload } = useLearnEarn();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // Linking a wallet re-evaluates the grants withheld for want of one in a job: ask again as it runs.
  const walletLinked = () => {
    void reload();
    timers.current.push(...[2_000, 5_000].map((ms) => setTimeout(() => void reload(), ms)));
  };

  if (state.phase !== "ready" || !state.data.sprint) return null;
  return (
    <div className={className}>
      <LearnEarnPanel status={state.data} onWalletLinked={walletLinked} />
    </div>
  );
}
