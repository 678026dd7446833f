import path from "node:path";
import { z } from "zod";

/** A bad configuration value: start-up prints this one message (naming the variable) and exits 1. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const SECOND = 1000;
const UNIT_MS: Record<string, number> = { ms: 1, s: SECOND, m: 60 * SECOND, h: 3600 * SECOND };
const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/;
/** Upper bound for one configured step, to catch unit mistakes such as `5000m`. */
const MAX_DURATION_MS = 7 * 24 * 3600 * SECOND;

/** One duration: `250` or `250ms`, `5s`, `2m`, `1.5h`. A bare number is milliseconds. */
export function parseDurationMs(text: string): number {
  const match = DURATION.exec(text.trim());
  if (!match)
    throw new Error(`Invalid duration "${text}": use a number of milliseconds or e.g. 500ms, 5s, 2m, 1h.`);
  const ms = Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? "ms"] ?? 1));
  if (ms > MAX_DURATION_MS) throw new Error(`Invalid duration "${text}": at most 7 days.`);
  return ms;
}

/** Comma-separated durations (`5s,30s,2m`); undefined when unset or blank (the caller's default applies). */
const durationListSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === "") return undefined;
    const parts = raw.split(",").map((part) => part.trim());
    if (parts.some((part) => part === "")) {
      ctx.addIssue({ code: "custom", message: `has an empty entry: "${raw}". Use e.g. 5s,30s,2m.` });
      return z.NEVER;
    }
    try {
      return parts.map(parseDurationMs);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

/** One duration, or the default when unset or blank. */
function durationSchema(defaultMs: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === "") return defaultMs;
      try {
        return parseDurationMs(raw);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    });
}

/**
 * Server configuration from the environment, read when first asked for (never at module load, so
 * `next build` and tests that set variables late see the right values). Every variable is listed in README.
 */
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional(),
  BACKROOM_DATA_DIR: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  BACKROOM_DEMO: z
    .enum(["true", "false", "1", "0", ""], { message: "BACKROOM_DEMO must be true or false" })
    .optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  BACKROOM_REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  BACKROOM_PUBLIC_URL: z.url().optional(),
  BACKROOM_DISPATCHER: z.enum(["in-process", "off"]).default("in-process"),
  BACKROOM_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  BACKROOM_WEBHOOK_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  BACKROOM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  BACKROOM_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  BACKROOM_SECRET: z.string().min(16, "BACKROOM_SECRET must be at least 16 characters").optional(),
  BACKROOM_BENCH: z.enum(["1", "0", ""]).optional(),
  BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: z.enum(["true", "false", ""]).optional(),
  BACKROOM_WEBHOOK_RETRY_SCHEDULE: durationListSchema,
  BACKROOM_MIGRATIONS_DIR: z.string().min(1).optional(),
  BACKROOM_METRICS_TOKEN: z
    .union([z.literal(""), z.string().min(16, "BACKROOM_METRICS_TOKEN must be at least 16 characters")])
    .optional(),
  // Slow clients (docs/operations.md): Node's own defaults are 60 s for headers and 300 s for a request.
  BACKROOM_HEADERS_TIMEOUT: durationSchema(10 * SECOND),
  BACKROOM_REQUEST_TIMEOUT: durationSchema(120 * SECOND),
  BACKROOM_KEEP_ALIVE_TIMEOUT: durationSchema(5 * SECOND),
  BACKROOM_SHUTDOWN_GRACE: durationSchema(20 * SECOND),
  // Notifications (docs/notifications.md): unset SMTP URL = no e-mail, set-password links are copied by hand.
  BACKROOM_SMTP_URL: z
    .union([
      z.literal(""),
      z.string().regex(/^smtps?:\/\//, "BACKROOM_SMTP_URL must be an smtp:// or smtps:// URL"),
    ])
    .optional(),
  BACKROOM_MAIL_FROM: z.string().optional(),
  BACKROOM_NOTIFICATION_RETRY_SCHEDULE: durationListSchema,
  BACKROOM_DEV_MAIL_URL: z.union([z.literal(""), z.url()]).optional(),
});

export type ServerConfig = {
  databaseUrl: string | undefined;
  /** Folder holding the embedded database and its lock file. */
  dataDir: string;
  poolSize: number;
  /**
   * Demo mode (`npm run demo`): an empty embedded database is loaded with the demo data at start-up and
   * the demo logins and secrets are printed. Never on PostgreSQL: there `npm run seed` loads it explicitly.
   */
  demo: boolean;
  publicUrl: string;
  /**
   * Whether a proxy in front sets X-Forwarded-Proto (and clients cannot): then a request it marks https
   * gets HSTS and a Secure session cookie even when the public URL is http (lib/security-headers.ts).
   */
  /** Where `npm start` listens (PORT, HOSTNAME; `-p`/`-H` on its command line set them). */
  port: number;
  hostname: string;
  /** One JSON line per API request on stdout (lib/api/request-log.ts); `off` in the test suite. */
  requestLog: boolean;
  /** Whether the web server delivers webhooks itself ("off" when separate workers do). */
  dispatcher: "in-process" | "off";
  webhookConcurrency: number;
  /** How long a claimed delivery stays with a worker before another may retry it (> the 10 s timeout). */
  webhookLeaseMs: number;
  /** Requests per minute per API secret; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /**
   * Reverse proxies in front that append the client's address to X-Forwarded-For; 0 takes the
   * connection's peer as the client (limits per client address, lib/api/client-address.ts).
   */
  trustedProxies: number;
  /** Derives the cursor-signing and session keys when set; otherwise they are kept in the database. */
  secret: string | undefined;
  /** Enables the benchmark-only baseline routes under /api/bench. */
  benchRoutes: boolean;
  /** Development and tests only: webhooks may use http:// and private or loopback hosts. */
  allowPrivateWebhookUrls: boolean;
  /** Delays between delivery attempts; undefined means the default schedule (lib/webhooks/schedule.ts). */
  webhookRetryScheduleMs: readonly number[] | undefined;
  /** Folder of the committed SQL migrations (the standalone build copies them elsewhere). */
  migrationsDir: string;
  /** Bearer token of GET /api/metrics; undefined turns the endpoint off (it answers 404). */
  metricsToken: string | undefined;
  /** The whole request line and headers must arrive within this (else 408); 0 turns the limit off. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (else 408); 0 turns the limit off. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open; above any proxy's idle timeout in front. */
  keepAliveTimeoutMs: number;
  /** SIGTERM/SIGINT: how long in-flight requests and webhook attempts may take before the process exits. */
  shutdownGraceMs: number;
  /** The SMTP server e-mail is sent through (`smtp://user:pass@host:587`); undefined: no e-mail at all. */
  smtpUrl: string | undefined;
  /** The From of every e-mail (`Backroom <backroom@example.com>`). */
  mailFrom: string;
  /** Delays between notification attempts; undefined means the default (lib/webhooks/notifications). */
  notificationRetryScheduleMs: readonly number[] | undefined;
  /**
   * The local mail catcher's inbox (the demo's and the e2e run's SMTP server, lib/dev-mail): shown at
   * /dev/mail only in demo mode. Never set in production.
   */
  devMailUrl: string | undefined;
};

// readConfig runs on hot paths (every list request needs the public URL): the parse is redone only when
// one of the variables it reads has changed, which also keeps tests that set variables late correct.
const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];
let cached: { key: string; config: ServerConfig } | undefined;

export function readConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const key = CONFIG_KEYS.map((name) => env[name] ?? "\u0000").join("\u0001");
  if (cached?.key === key) return cached.config;
  const config = parseConfig(env);
  cached = { key, config };
  return config;
}

function parseConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // Node refuses a headers timeout longer than the request timeout when the server is created.
  if (e.BACKROOM_REQUEST_TIMEOUT > 0 && e.BACKROOM_HEADERS_TIMEOUT > e.BACKROOM_REQUEST_TIMEOUT) {
    throw new ConfigError(
      "Invalid configuration:\n  BACKROOM_HEADERS_TIMEOUT: must not be longer than BACKROOM_REQUEST_TIMEOUT",
    );
  }
  return {
    databaseUrl: e.DATABASE_URL || undefined,
    // Run-time folders are outside the build: tell the bundler not to trace them.
    dataDir: path.resolve(/*turbopackIgnore: true*/ e.BACKROOM_DATA_DIR ?? "data"),
    poolSize: e.DATABASE_POOL_SIZE,
    demo: e.BACKROOM_DEMO === "true" || e.BACKROOM_DEMO === "1",
    publicUrl: (e.BACKROOM_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    port: e.PORT,
    hostname: e.HOSTNAME,
    requestLog: e.BACKROOM_REQUEST_LOG === "on",
    dispatcher: e.BACKROOM_DISPATCHER,
    webhookConcurrency: e.BACKROOM_WEBHOOK_CONCURRENCY,
    webhookLeaseMs: e.BACKROOM_WEBHOOK_LEASE_MS,
    rateLimitPerMinute: e.BACKROOM_RATE_LIMIT_PER_MINUTE,
    trustedProxies: e.BACKROOM_TRUSTED_PROXIES,
    secret: e.BACKROOM_SECRET || undefined,
    benchRoutes: e.BACKROOM_BENCH === "1",
    allowPrivateWebhookUrls: e.BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS === "true",
    webhookRetryScheduleMs: e.BACKROOM_WEBHOOK_RETRY_SCHEDULE,
    metricsToken: e.BACKROOM_METRICS_TOKEN || undefined,
    migrationsDir: path.resolve(
      /*turbopackIgnore: true*/ e.BACKROOM_MIGRATIONS_DIR ?? path.join(process.cwd(), "lib/db/migrations"),
    ),
    headersTimeoutMs: e.BACKROOM_HEADERS_TIMEOUT,
    requestTimeoutMs: e.BACKROOM_REQUEST_TIMEOUT,
    keepAliveTimeoutMs: e.BACKROOM_KEEP_ALIVE_TIMEOUT,
    shutdownGraceMs: e.BACKROOM_SHUTDOWN_GRACE,
    smtpUrl: e.BACKROOM_SMTP_URL || undefined,
    mailFrom: e.BACKROOM_MAIL_FROM || "Backroom <backroom@localhost>",
    notificationRetryScheduleMs: e.BACKROOM_NOTIFICATION_RETRY_SCHEDULE,
    devMailUrl: e.BACKROOM_DEV_MAIL_URL || undefined,
  };
}

/**
 * `readConfig()` at a command's start (the server, the worker): a bad value ends the process with status 1 and
 * one message naming the variable, no stack trace.
 */
export function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
