import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPglite } from "./client";
import { acquirePgliteLock, DatabaseLockedError, lockFilePath } from "./pglite-lock";

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backroom-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

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
  it("makes a second process fail at once with a message naming the holder and the fix", async () => {
    const child = await holdInChild();
    const started = Date.now();
    const error = await openPglite(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(DatabaseLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`pid ${child.pid}`);
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain(`kill ${child.pid}`);
  }, 30_000);

  it("is released when the holder closes the database", async () => {
    const child = await holdInChild();
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.stdin?.end();
    await exited;
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
    const database = await openPglite(dir);
    await database.close();
  }, 30_000);

  it("takes over the lock of a process that died without releasing it", async () => {
    const child = await holdInChild();
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(fs.existsSync(lockFilePath(dir))).toBe(true);
    const release = acquirePgliteLock(dir);
    const holder = JSON.parse(fs.readFileSync(lockFilePath(dir), "utf8")) as { pid: number };
    expect(holder.pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
  }, 30_000);

  it("refuses a second open inside the same process", () => {
    const release = acquirePgliteLock(dir);
    try {
      expect(() => acquirePgliteLock(dir)).toThrow(/already open in this process/);
    } finally {
      release();
    }
  });
});
