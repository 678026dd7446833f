import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

describe("readConfig", () => {
  it("applies defaults and follows a changed variable", () => {
    const env: Record<string, string | undefined> = {};
    const first = readConfig(env);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.publicUrl).toBe("http://localhost:3000");
    expect(first.webhookConcurrency).toBe(16);
    expect(readConfig(env)).toBe(first);
    env.BACKROOM_PUBLIC_URL = "https://backroom.example/";
    expect(readConfig(env).publicUrl).toBe("https://backroom.example");
  });

  it("refuses a DATABASE_URL that is not PostgreSQL, naming the variable", () => {
    expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("refuses a bad rate limit instead of silently falling back to the default", () => {
    expect(() => readConfig({ BACKROOM_RATE_LIMIT_PER_MINUTE: "lots" })).toThrow(
      /BACKROOM_RATE_LIMIT_PER_MINUTE/,
    );
    expect(() => readConfig({ BACKROOM_RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(
      /BACKROOM_RATE_LIMIT_PER_MINUTE/,
    );
    expect(readConfig({ BACKROOM_RATE_LIMIT_PER_MINUTE: "0" }).rateLimitPerMinute).toBe(0);
    expect(readConfig({}).rateLimitPerMinute).toBe(1200);
  });

  it("refuses a short BACKROOM_SECRET and a bench flag other than 1 or 0", () => {
    expect(() => readConfig({ BACKROOM_SECRET: "short" })).toThrow(/BACKROOM_SECRET/);
    expect(readConfig({ BACKROOM_SECRET: "a-long-enough-secret" }).secret).toBe("a-long-enough-secret");
    expect(() => readConfig({ BACKROOM_BENCH: "yes" })).toThrow(/BACKROOM_BENCH/);
    expect(readConfig({ BACKROOM_BENCH: "1" }).benchRoutes).toBe(true);
    expect(readConfig({}).benchRoutes).toBe(false);
  });

  it("reads the webhook and migration settings, refusing a bad value with the variable's name", () => {
    expect(readConfig({}).allowPrivateWebhookUrls).toBe(false);
    expect(readConfig({ BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "true" }).allowPrivateWebhookUrls).toBe(true);
    expect(() => readConfig({ BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "yes" })).toThrow(
      /BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS/,
    );
    expect(() => readConfig({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "5s,soon" })).toThrow(
      /BACKROOM_WEBHOOK_RETRY_SCHEDULE.*"soon"/,
    );
    expect(() => readConfig({ BACKROOM_WEBHOOK_RETRY_SCHEDULE: "5s,,2m" })).toThrow(ConfigError);
    expect(readConfig({ BACKROOM_MIGRATIONS_DIR: "/srv/migrations" }).migrationsDir).toBe("/srv/migrations");
    expect(readConfig({}).migrationsDir).toMatch(/lib\/db\/migrations$/);
  });

  it("reads the HTTP timeouts and the shutdown grace as durations, refusing headers longer than the request", () => {
    const defaults = readConfig({});
    expect(defaults.headersTimeoutMs).toBe(10_000);
    expect(defaults.requestTimeoutMs).toBe(120_000);
    expect(defaults.keepAliveTimeoutMs).toBe(5_000);
    expect(defaults.shutdownGraceMs).toBe(20_000);
    const set = readConfig({
      BACKROOM_HEADERS_TIMEOUT: "2s",
      BACKROOM_REQUEST_TIMEOUT: "1m",
      BACKROOM_KEEP_ALIVE_TIMEOUT: "65s",
      BACKROOM_SHUTDOWN_GRACE: "500",
    });
    expect([set.headersTimeoutMs, set.requestTimeoutMs, set.keepAliveTimeoutMs, set.shutdownGraceMs]).toEqual(
      [2_000, 60_000, 65_000, 500],
    );
    expect(() => readConfig({ BACKROOM_HEADERS_TIMEOUT: "soon" })).toThrow(/BACKROOM_HEADERS_TIMEOUT/);
    expect(() => readConfig({ BACKROOM_HEADERS_TIMEOUT: "30s", BACKROOM_REQUEST_TIMEOUT: "10s" })).toThrow(
      /BACKROOM_HEADERS_TIMEOUT: must not be longer than BACKROOM_REQUEST_TIMEOUT/,
    );
    expect(
      readConfig({ BACKROOM_HEADERS_TIMEOUT: "30s", BACKROOM_REQUEST_TIMEOUT: "0" }).requestTimeoutMs,
    ).toBe(0);
  });
});
