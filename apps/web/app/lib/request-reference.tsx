import { createContext, useContext, useEffect, useState } from "react";

/**
 * The request id of a page the server rendered as a server error, for the error page to show as
 * its reference (entry.server.tsx provides it; it is undefined on every other page).
 */
export const RequestReferenceContext = createContext<string | undefined>(undefined);

/** The element that carries the reference in the server's page; hydration reads it back from there. */
export const REQUEST_REFERENCE_ELEMENT_ID = "request-reference";

/** Only the first render in the browser is the hydration of the server's page. */
let hydrating = true;

/**
 * The reference of the server error page being shown: from the server while it renders, and, in
 * the browser, read back from that page while it hydrates (so both render the same text); an error
 * met later in the browser has none.
 */
export function useRequestReference(): string | undefined {
  const fromServer = useContext(RequestReferenceContext);
  const [reference] = useState(() => {
    if (fromServer !== undefined || typeof document === "undefined" || !hydrating) return fromServer;
    return document.getElementById(REQUEST_REFERENCE_ELEMENT_ID)?.textContent || undefined;
  });
  useEffect(() => {
    hydrating = false;
  }, []);
  return reference;
}
