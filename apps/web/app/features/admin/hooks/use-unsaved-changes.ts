import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Guards an editor with unsaved changes: the browser asks before a reload or closing the tab, and
 * in-app navigation to another page is held until the admin confirms (`blocker.state === "blocked"`).
 * Call `allowNextNavigation()` before navigating on purpose (after a save).
 */
export function useUnsavedChanges(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);

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
    allowNextNavigation: () => {
      allowed.current = true;
      // Re-arm once the navigation has happened.
      setTimeout(() => {
        allowed.current = false;
      }, 0);
    },
  };
}
