import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite is a single-process database: two processes that open one data folder both write to it and
 * silently lose each other's changes. This lock file makes the second process fail at once instead.
 *
 * The file holds the owner's pid and host. A lock whose owner is gone (the process crashed) is taken
 * over, so a crash never needs manual clean-up.
 */

export type LockHolder = { pid: number; hostname: string; command: string; since: string };

export class DatabaseLockedError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      [
        `The embedded database in ${dataDir} is already open in another process:`,
        `  pid ${holder.pid} on ${holder.hostname}, running "${holder.command}", since ${holder.since}.`,
        "The embedded database (PGlite) can be opened by one process at a time.",
        `Fix: stop that process first (kill ${holder.pid}), or run every process against PostgreSQL by setting`,
        "DATABASE_URL=postgres://user@host:5432/backroom.",
      ].join("\n"),
    );
    this.name = "DatabaseLockedError";
    this.holder = holder;
  }
}

export type ReleaseLock = () => void;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockHolder;
  } catch {
    return undefined;
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "backroom.lock");
}

/** Takes the lock on `dataDir` for this process or throws DatabaseLockedError naming the holder. */
export function acquirePgliteLock(dataDir: string): ReleaseLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = lockFilePath(dataDir);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    command:
      process.argv
        .slice(1, 3)
        .map((arg) => path.basename(arg))
        .join(" ") || "node",
    since: new Date().toISOString(),
  };

  for (let tries = 0; tries < 3; tries++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx" });
      return () => {
        if (readHolder(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(lockPath);
    // A holder on another host (a shared folder) cannot be checked: treat it as alive.
    const stale = holder !== undefined && holder.hostname === me.hostname && !isAlive(holder.pid);
    if (holder && holder.pid === process.pid && holder.hostname === me.hostname) {
      throw new Error(`The embedded database in ${dataDir} is already open in this process.`);
    }
    if (holder && !stale) throw new DatabaseLockedError(dataDir, holder);
    // Stale or unreadable (a crash while writing it): remove and try again. A rename makes the removal
    // atomic, so two processes racing for a stale lock cannot both remove a fresh one.
    const moved = `${lockPath}.stale-${process.pid}`;
    try {
      fs.renameSync(lockPath, moved);
      const taken = readHolder(moved);
      if (taken && holder && taken.pid !== holder.pid) {
        // Another process replaced the stale lock between our read and our rename: put its lock back.
        fs.linkSync(moved, lockPath);
      }
      fs.rmSync(moved, { force: true });
    } catch {
      // Another process removed it first; retry.
    }
  }
  const holder = readHolder(lockPath);
  if (holder) throw new DatabaseLockedError(dataDir, holder);
  throw new Error(`Could not take the lock ${lockPath}.`);
}
