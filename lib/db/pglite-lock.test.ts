import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./client";
import { acquirePgliteLock, DatabaseLockedError, lockFilePath } from "./pglite-lock";

let dir: string;
const children: ChildProcess[] = [];

// One data folder for every test, initialised here (initdb) so that no test pays for it inside a child
// process; the lock behaves the same on a folder that was opened before. A child starts tsx and PGlite,
// which on a loaded 2-core CI machine has taken more than 30 s: the limits below are bounds on an event
// awaited, not waits.
const CHILD_BOUND_MS = 120_000;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backroom-lock-"));
  const database = await openPglite(dir);
  await database.close();
}, CHILD_BOUND_MS);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
// Each test ends with the folder unlocked: a holder still running is asked to close and awaited.
afterEach(async () => {
  await Promise.all(children.splice(0).map(closeHolder));
  expect(fs.existsSync(lockFilePath(dir))).toBe(false);
}, CHILD_BOUND_MS);

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function closeHolder(child: ChildProcess): Promise<void> {
  const done = exited(child);
  child.stdin?.end();
  await done;
}

/** Starts a second process that opens the database in `dir` and resolves once it holds it. */
function holdInChild(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/testing/hold-pglite.ts", dir], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}: ${stderr}`)));
  });
}

describe("embedded database lock", () => {
  it("makes a second process fail at once with a message naming the holder and the fix", {
    timeout: CHILD_BOUND_MS,
  }, async () => {
    const child = await holdInChild();
    // The holder keeps the database until told otherwise, so an open that waited for the lock would never
    // settle: failing while the holder still runs is what "at once" means.
    const error = await openPglite(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(child.exitCode).toBeNull();
    expect(error).toBeInstanceOf(DatabaseLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`pid ${child.pid}`);
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain(`kill ${child.pid}`);
  });

  it("is released when the holder closes the database", { timeout: CHILD_BOUND_MS }, async () => {
    const child = await holdInChild();
    await closeHolder(child);
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
    const database = await openPglite(dir);
    await database.close();
  });

  it("takes over the lock of a process that died without releasing it", {
    timeout: CHILD_BOUND_MS,
  }, async () => {
    const child = await holdInChild();
    const killed = exited(child);
    child.kill("SIGKILL");
    await killed;
    expect(fs.existsSync(lockFilePath(dir))).toBe(true);
    const release = acquirePgliteLock(dir);
    const holder = JSON.parse(fs.readFileSync(lockFilePath(dir), "utf8")) as { pid: number };
    expect(holder.pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
  });

  it("refuses a second open inside the same process", () => {
    const release = acquirePgliteLock(dir);
    try {
      expect(() => acquirePgliteLock(dir)).toThrow(/already open in this process/);
    } finally {
      release();
    }
  });
});
