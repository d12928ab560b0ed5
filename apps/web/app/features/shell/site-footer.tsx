import { Link } from "react-router";
import { PRODUCT_NAME, TAGLINE } from "@vestin/shared/brand";
import { COMPANY_LINKS, ECOSYSTEM_LINKS, LEARN_LINKS, LEARN_MORE_LINKS, LEGAL_LINKS, RESOURCE_LINKS, type NavLink } from "@vestin/shared/navigation";
import { Logo } from "~/components/layout/logo";
import { LazyFooterNewsletter } from "~/features/newsletter";

const COLUMNS: Array<{ title: string; links: NavLink[] }> = [
  { title: "Learn", links: [...LEARN_LINKS, { label: "Courses", to: "/learn/courses" }, ...LEARN_MORE_LINKS] },
  { title: "Ecosystem", links: [...ECOSYSTEM_LINKS, ...COMPANY_LINKS] },
  { title: "Resources", links: RESOURCE_LINKS },
  { title: "Legal", links: LEGAL_LINKS },
];

const CLAIMS = [
  { value: "£3 billion", label: "assets managed" },
  { value: "1000+", label: "projects delivered" },
];

export function SiteFooter() {
  return (
    <footer className="bg-navy-950 text-slate-300">
      <LazyFooterNewsletter />
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1.2fr_2fr]">
        <div>
          <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="inline-block rounded-lg">
            <Logo />
          </Link>
          <p className="mt-4 text-lg font-semibold text-white">{TAGLINE}</p>
          <p className="mt-2 max-w-sm text-sm leading-relaxed">
            Fractional ownership of real estate, renewable energy, bitcoin mining and carbon credits, from $100.
          </p>
          <dl className="mt-8 flex gap-10">
            {CLAIMS.map((claim) => (
              <div key={claim.label}>
                <dt className="sr-only">{claim.label}</dt>
                <dd>
                  <span className="block text-2xl font-bold text-white">{claim.value}</span>
                  <span className="text-sm">{claim.label}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-white">{column.title}</h2>
              <ul className="mt-4 grid gap-2.5">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm hover:text-white">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-6 text-xs leading-relaxed text-slate-400 sm:flex-row sm:justify-between">
          <p className="max-w-3xl">
            {PRODUCT_NAME} is not a broker-dealer, placement agent or financial adviser, and nothing on this site is investment advice. Tokenized assets carry
            risk, including the loss of your capital; secondary-market liquidity is planned, not guaranteed. You must be 18 or older to invest.
          </p>
          <p className="shrink-0">© {new Date().getFullYear()} Vestin Technologies Ltd</p>
        </div>
      </div>
    </footer>
  );
}
