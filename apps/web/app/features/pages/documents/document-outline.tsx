/** What the PDF contains, as text on the page (server-rendered, readable without the viewer). */
export function DocumentOutline({ heading, items }: { heading: string; items: string[] }) {
  return (
    <section aria-labelledby="document-outline" className="mt-12">
      <h2 id="document-outline" className="text-2xl font-bold tracking-tight text-ink">
        {heading}
      </h2>
      <ol className="mt-6 grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item} className="flex gap-3 text-muted">
            <span className="w-6 shrink-0 text-right font-semibold tabular-nums text-brand-teal-dark">{index + 1}</span>
            <span>{item.replace(/^\d+\.\s*/, "")}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
