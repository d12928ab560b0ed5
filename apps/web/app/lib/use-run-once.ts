import { useEffect, useRef } from "react";

/**
 * Runs `run` once, after the first render, and never again for this component: not when `run`
 * changes, nor when development's StrictMode mounts twice. For what must happen once per page
 * view, such as spending or looking up the token of a link the person opened.
 */
export function useRunOnce(run: () => unknown): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);
}
