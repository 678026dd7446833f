import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "@/lib/config";
import { type Db, setDatabaseForTesting } from "@/lib/db";
import { DOMAIN_WORK } from "@/lib/domain/notification-watch";
import { markShuttingDown } from "@/lib/health/lifecycle";
import { resetReadinessProbe } from "@/lib/health/ready";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/database";
import { runDispatcher, stopDispatcher } from "@/lib/webhooks/run";
import { GET as live } from "./live/route";
import { GET as ready } from "./ready/route";

/** GET /api/health/live and /api/health/ready: what each check reports, and 503 problem+json naming it. */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseForTesting(database);
});
afterAll(async () => {
  await stopDispatcher();
  setDatabaseForTesting(undefined);
  await database.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetReadinessProbe();
  setDatabaseForTesting(database);
});

const request = () =>
  new Request("http://localhost/api/health/ready", { headers: { "x-request-id": "req_health" } });

async function readiness() {
  const response = await ready(request());
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
}

describe("GET /api/health/live", () => {
  it("answers 200 without touching the database", async () => {
    const response = live();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "live" });
  });
});

describe("GET /api/health/ready", () => {
  it("is ready with the database reachable, migrations current and the dispatcher off", async () => {
    vi.stubEnv("BACKROOM_DISPATCHER", "off");
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body.status).toBe("ready");
    expect(body.checks.database).toMatchObject({ ok: true, detail: "reachable" });
    expect(body.checks.migrations).toMatchObject({ ok: true, detail: "current" });
    expect(body.checks.migrations.applied).toBe(body.checks.migrations.known);
    expect(body.checks.dispatcher).toMatchObject({ ok: true, mode: "off" });
  });

  it("is not ready while the in-process dispatcher has not started, and ready once it runs", async () => {
    vi.stubEnv("BACKROOM_DISPATCHER", "in-process");
    const before = await readiness();
    expect(before.status).toBe(503);
    expect(before.type).toBe("application/problem+json");
    expect(before.body).toMatchObject({
      type: "com.service.api:health/not-ready",
      status: 503,
      detail: "Not ready: dispatcher in-process, not-started.",
      instance: "urn:request:req_health",
      checks: { dispatcher: { ok: false, state: "not-started" } },
    });
    runDispatcher(database, readConfig(), DOMAIN_WORK);
    const after = await readiness();
    expect(after.status).toBe(200);
    expect(after.body.checks.dispatcher).toMatchObject({ ok: true, state: "running" });
  });

  it("names a database that fails or hangs, without the driver's message", async () => {
    vi.stubEnv("BACKROOM_DISPATCHER", "off");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = { execute: () => Promise.reject(new Error("password authentication failed for user x")) };
    setDatabaseForTesting({ ...database, db: failing as unknown as Db });
    const failed = await readiness();
    expect(failed.status).toBe(503);
    expect(failed.body.detail).toBe(
      "Not ready: database the query failed (is the database reachable?); migrations unknown (database not checked).",
    );
    expect(JSON.stringify(failed.body)).not.toContain("password");
    errors.mockRestore();

    resetReadinessProbe();
    let calls = 0;
    const hanging = {
      execute: () => {
        calls++;
        return new Promise(() => undefined);
      },
    };
    setDatabaseForTesting({ ...database, db: hanging as unknown as Db });
    // Both answer (a hang would time the test out) and say it was the probe's own 1 s limit.
    const [a, b] = await Promise.all([readiness(), readiness()]);
    expect([a.status, b.status]).toEqual([503, 503]);
    expect(a.body.checks.database.detail).toBe("no answer within 1000 ms");
    // The next poll waits on the same statement: a hung database costs one connection, not one per poll.
    await readiness();
    expect(calls).toBe(1);
  });

  it("is not ready when this build knows a migration the database lacks", async () => {
    vi.stubEnv("BACKROOM_DISPATCHER", "off");
    const folder = mkdtempSync(path.join(os.tmpdir(), "backroom-migrations-"));
    mkdirSync(path.join(folder, "meta"));
    const journal = JSON.parse(
      readFileSync(path.join(readConfig().migrationsDir, "meta", "_journal.json"), "utf8"),
    );
    journal.entries.push({
      idx: journal.entries.length,
      version: "7",
      when: Date.now() * 2,
      tag: "9999_next",
      breakpoints: true,
    });
    writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    vi.stubEnv("BACKROOM_MIGRATIONS_DIR", folder);
    const { status, body } = await readiness();
    expect(status).toBe(503);
    expect(body.checks.migrations).toMatchObject({ ok: false, detail: "behind" });
    expect(body.checks.migrations.known).toBe(body.checks.migrations.applied + 1);
  });

  it("is not ready once the process is shutting down", async () => {
    vi.stubEnv("BACKROOM_DISPATCHER", "off");
    markShuttingDown();
    try {
      const { status, body } = await readiness();
      expect(status).toBe(503);
      expect(body.detail).toBe("Not ready: process shutting down.");
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("backroom.shuttingDown")];
    }
  });
});
