import { useEffect, useRef } from "react";
import { useBlocker, useNavigate, type Location, type NavigateOptions } from "react-router";

/**
 * Guards an editor with unsaved changes: the browser asks before a reload or closing the tab, and
 * in-app navigation to another page (or to any place `alsoBlock` names) is held until the admin
 * confirms (`blocker.state === "blocked"`, see LeaveWithoutSavingDialog). `leaveTo` navigates on
 * purpose (after a save or a delete) without asking.
 */
export function useUnsavedChanges(dirty: boolean, { alsoBlock }: { alsoBlock?: (next: Location) => boolean } = {}) {
  const allowed = useRef(false);
  const navigate = useNavigate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || (alsoBlock?.(nextLocation) ?? false)),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return {
    blocker,
    leaveTo: (to: string, options?: NavigateOptions) => {
      allowed.current = true;
      // Re-arm once the navigation has happened.
      setTimeout(() => {
        allowed.current = false;
      }, 0);
      // The router takes a failing page's error to the route's error boundary; the promise does not reject for it.
      void navigate(to, options);
    },
  };
}
