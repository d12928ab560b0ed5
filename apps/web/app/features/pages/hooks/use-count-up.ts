import { useEffect, useRef, useState } from "react";
import { countUpValue } from "./count-up";

export const COUNT_UP_DURATION_MS = 1200;
export const COUNT_UP_VISIBILITY = 0.4;

type Options = { durationMs?: number; threshold?: number; decimals?: number };

/**
 * A number that counts up from 0 to `target` (ease-out) each time its element scrolls into view
 * and resets once it leaves. The server and a page without JavaScript show `target` itself, and
 * so does a visitor who prefers reduced motion.
 */
export function useCountUp<T extends Element>(target: number, options: Options = {}) {
  const { durationMs = COUNT_UP_DURATION_MS, threshold = COUNT_UP_VISIBILITY, decimals = 0 } = options;
  const ref = useRef<T>(null);
  const [value, setValue] = useState(target);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setValue(target);
      return;
    }
    let frame = 0;
    const run = () => {
      const start = performance.now();
      const step = (now: number) => {
        const elapsed = now - start;
        setValue(countUpValue(target, elapsed, durationMs, decimals));
        if (elapsed < durationMs) frame = requestAnimationFrame(step);
      };
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(step);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.isIntersecting) run();
        else {
          cancelAnimationFrame(frame);
          setValue(0);
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target, durationMs, threshold, decimals]);

  return { ref, value };
}
