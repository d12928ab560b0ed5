import { useCallback, useEffect, useRef } from "react";

/**
 * Moves focus to the first field with an error, in the form's own order: each control carries
 * data-field="<name>" (a fieldset for a group, whose first input takes the focus).
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const focusFirstError = useCallback((errors: Record<string, string | undefined>) => {
    requestAnimationFrame(() => {
      const root = ref.current;
      if (!root) return;
      for (const element of root.querySelectorAll<HTMLElement>("[data-field]")) {
        if (!errors[element.dataset.field ?? ""]) continue;
        const target = element.matches("input, select, textarea") ? element : element.querySelector<HTMLElement>("input, select, textarea, button");
        target?.focus();
        return;
      }
    });
  }, []);
  return { ref, focusFirstError };
}

/** A timer that is cleared when the component goes away or when it is set again. */
export function useLaterTimer() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = useCallback((ms: number, run: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  }, []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { later, cancel };
}
