import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import type { AccordionGroup as Group, AccordionItem as Item } from "~/content/team";

function AccordionGroup({ id, heading, items }: { id: string; heading: string; items: Item[] }) {
  return (
    <section aria-labelledby={id} data-accordion-group={id}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {heading}
      </h2>
      <Accordion type="multiple" className="mt-6 grid gap-3">
        {items.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger>{item.title}</AccordionTrigger>
            <AccordionContent>{item.body}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

/** "Why Invest with Vestin?" and "Is Vestin Regulatory Compliant?": two groups that open independently. */
export function InfoAccordions({ whyInvest, regulatoryCompliance }: { whyInvest: Group; regulatoryCompliance: Group }) {
  return (
    <div className="grid gap-12 lg:grid-cols-2 lg:gap-10">
      <AccordionGroup id="why-invest" heading={whyInvest.heading} items={whyInvest.items} />
      <AccordionGroup id="regulatory-compliance" heading={regulatoryCompliance.heading} items={regulatoryCompliance.items} />
    </div>
  );
}
