import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { NotFoundPage } from "./components/layout/not-found-page";
import { BANNER_BOOT_SCRIPT } from "./components/layout/testnet-banner";
import { DeferredToaster } from "./components/ui/deferred-toaster";
import { SiteShell } from "./features/shell";
import { appContext } from "./lib/app-context";
import { REQUEST_REFERENCE_ELEMENT_ID, useRequestReference } from "./lib/request-reference";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "alternate", type: "application/rss+xml", title: "Vestin Blog", href: "/rss.xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, googleSignIn } = context.get(appContext);
  return { publicUrl, googleSignIn };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#070b18" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: BANNER_BOOT_SCRIPT is a constant of the build (components/layout/testnet-banner.tsx), no visitor input; the server allows it by its sha256 hash in the page's CSP (apps/server/src/web/script-hashes.ts). */}
        <script dangerouslySetInnerHTML={{ __html: BANNER_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <DeferredToaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reference = useRequestReference();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFoundPage />
      </SiteShell>
    );
  }
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <SiteShell>
      <section className="container-page py-24 text-center">
        <title>Something went wrong | Vestin</title>
        <h1 className="text-3xl font-bold">{message}</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">We could not show this page. Please try again in a moment; if it keeps happening, contact us.</p>
        {reference && (
          <p className="mt-2 text-sm text-muted">
            Reference: <code id={REQUEST_REFERENCE_ELEMENT_ID}>{reference}</code>
          </p>
        )}
        <a href="/" className="mt-8 inline-block font-semibold text-brand-violet underline underline-offset-4">
          Back to the home page
        </a>
      </section>
    </SiteShell>
  );
}
