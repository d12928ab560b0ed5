import { Card } from "~/components/ui/card";
import { IconTile } from "./content-icon";

/** An icon, a title and a paragraph: mission pillars, benefits, utilities. */
export function PillarCard({ icon, title, description, as = "li" }: { icon: string; title: string; description: string; as?: "li" | "div" }) {
  return (
    <Card as={as} className="flex flex-col p-6 sm:p-7">
      <IconTile name={icon} />
      <h3 className="mt-5 text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-2 leading-relaxed text-muted">{description}</p>
    </Card>
  );
}
