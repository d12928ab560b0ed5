import { useEffect, useRef, useState } from "react";

const DURATION_MS = 1200;

/**
 * A counter that animates from 0 to its value over 1.2 s (ease-out) when it scrolls into view and
 * resets when it leaves. Without JavaScript, on the server and under reduced motion it shows the value.
 */
export function useCountUp<T extends Element>(value: number, decimals = 0) {
  const ref = useRef<T>(null);
  const [shown, setShown] = useState(value);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    const factor = 10 ** decimals;
    const observer = new IntersectionObserver(
      ([entry]) => {
        cancelAnimationFrame(frame);
        if (!entry?.isIntersecting) {
          setShown(0);
          return;
        }
        const start = performance.now();
        const step = (now: number) => {
          const t = Math.min(1, (now - start) / DURATION_MS);
          const eased = 1 - (1 - t) ** 3;
          setShown(Math.round(value * eased * factor) / factor);
          if (t < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, decimals]);

  return { ref, shown };
}
