import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the runner (scripts/e2e.ts) tells the specs about the run: the seeded stores and accounts, in a JSON
 * file it writes after seeding (E2E_CONTEXT_FILE), and the server's address (E2E_BASE_URL).
 */

export type Role = "admin" | "editor" | "viewer";

export type SeededStore = { id: string; name: string; currency: string; apiSecret: string };

export type RunContext = {
  /** The demo stores, in the demo's order: the first is the one every demo account works in. */
  demoStores: SeededStore[];
  /** "Bulk Depot": many inbound shipments; the admin account is an admin of it too. */
  bulkStore: { id: string; name: string; inboundShipments: number };
  accounts: Record<Role, { email: string; password: string }> & {
    /** A viewer of the first demo store, only for wrong-password and lock-out tests. */
    lockout: { email: string; password: string };
  };
};

export const CONTEXT_FILE_ENV = "E2E_CONTEXT_FILE";
export const BASE_URL_ENV = "E2E_BASE_URL";
export const RUN_DIR_ENV = "E2E_RUN_DIR";
/** A second server on an empty database (no demo): first-run setup is tested there. */
export const SETUP_BASE_URL_ENV = "E2E_SETUP_BASE_URL";
export const SETUP_LOG_FILE_ENV = "E2E_SETUP_LOG_FILE";
/** The local SMTP server's inbox (lib/dev-mail): the seeded server e-mails through it. */
export const MAIL_INBOX_URL_ENV = "E2E_MAIL_INBOX_URL";

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the end-to-end tests with \`npm run test:e2e\`, which sets it.`);
  }
  return value;
}

let cached: RunContext | undefined;

export function readRunContext(): RunContext {
  cached ??= JSON.parse(readFileSync(requireEnv(CONTEXT_FILE_ENV), "utf8")) as RunContext;
  return cached;
}

/** The run's temporary folder (deleted after the run): signed-in states live here. */
export function runDir(): string {
  return path.resolve(requireEnv(RUN_DIR_ENV));
}

export function baseUrl(): string {
  return requireEnv(BASE_URL_ENV);
}

/** Where the specs read the e-mails the seeded server sent (GET <url>/messages, newest first). */
export function mailInboxUrl(): string {
  return requireEnv(MAIL_INBOX_URL_ENV);
}

/** The first demo store: every demo account works in it (admin, editor and viewer alike). */
export function firstDemoStore(run: RunContext): SeededStore {
  const store = run.demoStores[0];
  if (!store) throw new Error("The run has no demo store.");
  return store;
}

/** The empty server's address and the setup link it printed at start-up (read from its log). */
export function setupServer(): { url: string; setupLink: string | null } {
  const url = requireEnv(SETUP_BASE_URL_ENV);
  const log = readFileSync(requireEnv(SETUP_LOG_FILE_ENV), "utf8");
  const match = log.match(/https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/g);
  return { url, setupLink: match?.at(-1) ?? null };
}
