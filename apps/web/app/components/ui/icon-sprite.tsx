import type { LucideIcon } from "lucide-react";
import { createContext, type ReactNode, useContext, useId, useMemo } from "react";

/** The icons of the nearest `IconSprite`, each with the id of its `<symbol>`. */
const SpriteIds = createContext<ReadonlyMap<LucideIcon, string> | null>(null);

/**
 * Icons that repeat down a long list, drawn once and referenced by each use (`<use>`). Fifty
 * article cards drew 150 lucide SVGs: 60 KB of /articles' 256 KB of HTML, and 150 components for
 * the server to render and the browser to hydrate. Wrap the list in an `IconSprite` naming its
 * icons (a module-level array, so the ids are made once); a `SpriteIcon` inside it draws a `<use>`,
 * and the same `SpriteIcon` anywhere else draws the lucide icon itself.
 *
 * The icon inherits `fill` from its use (`fill="none"` there unless a class says otherwise, so a
 * liked heart's `fill-current` still fills it) and its stroke is the text colour, as a lucide icon's.
 */
export function IconSprite({ icons, children }: { icons: readonly LucideIcon[]; children: ReactNode }) {
  const prefix = useId();
  const ids = useMemo(() => new Map(icons.map((icon, i) => [icon, `${prefix}icon${i}`])), [icons, prefix]);
  return (
    <SpriteIds value={ids}>
      <svg aria-hidden="true" focusable="false" className="pointer-events-none absolute size-0 overflow-hidden">
        {[...ids].map(([Icon, id]) => (
          <symbol key={id} id={id} viewBox="0 0 24 24">
            <Icon fill="inherit" />
          </symbol>
        ))}
      </svg>
      {children}
    </SpriteIds>
  );
}

/** A decorative icon (hidden from assistive technology): a `<use>` inside an `IconSprite` that has it, else the icon itself. */
export function SpriteIcon({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  const id = useContext(SpriteIds)?.get(Icon);
  if (!id) return <Icon aria-hidden="true" className={className} />;
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
