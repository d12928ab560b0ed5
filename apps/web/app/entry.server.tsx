import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { appContext } from "./lib/app-context";
import { RequestReferenceContext } from "./lib/request-reference";
import { deferModuleScripts } from "./lib/defer-scripts.server";

export { appContext };

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // No nonces: the server lists the hash of every inline script of the finished document in the
  // page's CSP, so a page is the same bytes for every visitor (apps/server/src/web/script-hashes.ts).
  let shellRendered = false;
  // A server error page shows the request's id, so a person can quote it and we can find its log lines.
  const reference = responseStatusCode >= 500 ? loadContext.get(appContext).requestId : undefined;
  const app = (
    <RequestReferenceContext.Provider value={reference}>
      <ServerRouter context={routerContext} url={request.url} />
    </RequestReferenceContext.Provider>
  );
  const body = await renderToReadableStream(app, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  // The status is the shell's: an error in a later boundary is shown by that boundary.
  const status = responseStatusCode;
  // The server keeps the whole page (its cache entry, the hashes of its inline scripts, its
  // compressed forms) before sending it, so the document is read whole and rewritten once, as bytes.
  const html = deferModuleScripts(Buffer.from(await new Response(body).arrayBuffer()));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status });
}
