import { startTcpProxy, type ProxyMode, type TcpProxy } from "./tcp-proxy.ts";

/** The TCP proxy (tcp-proxy.ts) in front of PostgreSQL: "the database" can be cut and restored. */
export type { ProxyMode };
export type PostgresProxy = TcpProxy;

export function startPostgresProxy(databaseUrl: string): Promise<PostgresProxy> {
  return startTcpProxy(databaseUrl, 5432);
}
