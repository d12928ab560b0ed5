/**
 * What the server hands the web app's loaders on every page request (React Router's load
 * context). `api` calls /api/v1 in-process, without a network hop.
 */
export type AppLoadContext = {
  publicUrl: string;
  /** Whether Google sign-in is configured on this server. */
  googleSignIn: boolean;
  /** The page request's id (its x-request-id): a server error page shows it as the reference to quote. */
  requestId: string;
  api: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Response>;
};
