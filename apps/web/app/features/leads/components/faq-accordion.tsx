import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";

type Item = { id: string; question: string; answer: string };

/** Questions and answers, one open at a time (Radix: buttons with aria-expanded, arrow keys between them). */
export function FaqAccordion({ items, headingLevel = 3 }: { items: readonly Item[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white">
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header asChild>
            <Heading>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold hover:bg-surface focus-visible:outline-offset-[-2px] sm:px-6">
                {item.question}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-muted sm:px-6">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
