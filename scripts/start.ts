import { parseArgs } from "node:util";
import { ConfigError, readConfig, type ServerConfig } from "../lib/config";

/**
 * `npm start`: the production server (after `next build`), with `next start`'s options (`-p/--port`,
 * `-H/--hostname`, which set PORT and HOSTNAME, so the printed address and absolute links use them).
 * lib/server/http-server.ts says what it adds to `next start`.
 */
const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  strict: true,
});
if (values.port !== undefined) Object.assign(process.env, { PORT: values.port });
if (values.hostname !== undefined) Object.assign(process.env, { HOSTNAME: values.hostname });
let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  // A bad value: one message naming the variable, no stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// As `next start` does, before Next.js is loaded: React and Next pick their production builds from it.
Object.assign(process.env, { NODE_ENV: "production" });
const { startHttpServer } = await import("../lib/server/http-server");
await startHttpServer({ hostname: config.hostname, port: config.port });
console.log(`Listening on ${config.hostname}:${config.port}.`);
