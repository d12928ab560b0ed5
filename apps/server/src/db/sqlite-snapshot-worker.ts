import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/**
 * Copies a SQLite database file into `target` on its own thread (the server's event loop goes on
 * serving). The copy is one step of the online backup API over every page: the step holds one read
 * transaction, so the copy is a single snapshot of committed data, and in WAL mode a reader never
 * blocks the writer. Copying in small steps would start over each time another connection commits
 * between two steps, so under a steady stream of writes it might never finish.
 */
const { source, target } = workerData as { source: string; target: string };
const database = new SQLite(source, { readonly: true, fileMustExist: true });
try {
  await database.backup(target, { progress: () => 0x7fffffff });
} finally {
  database.close();
}
parentPort?.postMessage("done");
