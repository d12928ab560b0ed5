import type { LucideIcon } from "lucide-react";

/**
 * Icons that repeat down a long list, drawn once per page and referenced by each use (`<use>`).
 * Fifty article cards drew 150 lucide SVGs: 60 KB of /articles' 256 KB of HTML, and 150 components
 * for the server to render and the browser to hydrate. Render the sprite once on the page that
 * shows the list; each `SpriteIcon` names one of its ids.
 *
 * The icon inherits `fill` from its use (`fill="none"` there unless a class says otherwise, so a
 * liked heart's `fill-current` still fills it) and its stroke is the text colour, as a lucide icon's.
 */
export function IconSprite({ icons }: { icons: Record<string, LucideIcon> }) {
  return (
    <svg aria-hidden="true" focusable="false" className="pointer-events-none absolute size-0 overflow-hidden">
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          <Icon fill="inherit" />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon of an `IconSprite` rendered on the same page; decorative (hidden from assistive technology). */
export function SpriteIcon({ id, className }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
