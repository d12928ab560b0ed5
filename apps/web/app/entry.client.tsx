import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server-rendered page is complete: let the browser paint it first, then hydrate (in a
// transition, so React yields to input while it works). On a slow phone the text shows a few
// hundred milliseconds sooner than if hydration ran before the first paint.
requestAnimationFrame(() => setTimeout(hydrate, 0));
