import { parseArgs } from "node:util";
import { readConfigOrExit } from "../lib/config";

/**
 * `npm start`: the production server (after `next build`), with `next start`'s options (`-p/--port`,
 * `-H/--hostname`, which set PORT and HOSTNAME, so the printed address and absolute links use them).
 * `npm run dev` runs it with `--dev`: Next.js's development server behind the same front layer, so that
 * development answers what production answers (docs/operations.md, "The front layer").
 * lib/server/gated-server.ts says what it adds to `next start`; lib/server/shutdown.ts how it stops.
 *
 * package.json runs it with `--max-old-space-size=1024`. Uncapped, V8 sizes the old generation from the machine's
 * memory and lets promoted garbage pile up before a full collection: a 100,000-line import peaked at 458 MB of
 * heap (660 MB RSS) of which 148 MB was live; capped, 223 MB (380 MB RSS), the export 209 MB instead of 326
 * (docs/performance.md, CSV import and export). 1024 MB leaves room for the largest import (a 50 MB file, about
 * 0.5 KB of live heap a line).
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    dev: { type: "boolean" },
  },
  strict: true,
});
if (values.port !== undefined) Object.assign(process.env, { PORT: values.port });
if (values.hostname !== undefined) Object.assign(process.env, { HOSTNAME: values.hostname });
const config = readConfigOrExit();
// As `next start` (or `next dev`) does, before Next.js is loaded: React and Next pick their builds from it.
Object.assign(process.env, { NODE_ENV: values.dev ? "development" : "production" });
// next-auth takes its origin from NEXTAUTH_URL and warns on its first request when it is unset. The public URL
// (BACKROOM_PUBLIC_URL, else the listening port on localhost) is the address the app already writes in its
// links, so next-auth gets the same one; a NEXTAUTH_URL set by the operator is kept.
if (!process.env.NEXTAUTH_URL) Object.assign(process.env, { NEXTAUTH_URL: config.publicUrl });
const { startHttpServer } = await import("../lib/server/http-server");
const { stopOnSignal } = await import("../lib/server/shutdown");
const server = await startHttpServer({
  hostname: config.hostname,
  port: config.port,
  headersTimeoutMs: config.headersTimeoutMs,
  requestTimeoutMs: config.requestTimeoutMs,
  keepAliveTimeoutMs: config.keepAliveTimeoutMs,
  dev: values.dev,
  trustedProxies: config.trustedProxies,
});
// SIGTERM/SIGINT: stop accepting, finish what is in flight, release webhook leases, close the database, exit 0.
stopOnSignal(server, config);
console.log(`Listening on ${config.hostname}:${config.port}.`);
