import { readdir, readFile } from "node:fs/promises";

/**
 * Resident memory of the production server a benchmark started, read from /proc (Linux): `npm start` runs npm,
 * then sh, then the node process that loads scripts/start.ts and serves the requests; only that last one is
 * the server.
 */

async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after its last ")".
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined; // exited meanwhile
  }
}

async function descendants(root: number): Promise<number[]> {
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number);
  const parents = new Map<number, number | undefined>();
  await Promise.all(pids.map(async (pid) => parents.set(pid, await parentOf(pid))));
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (parent !== undefined && tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  tree.delete(root);
  return [...tree];
}

/** The pid of the node process running scripts/start.ts under `root` (the npm process a bench spawned). */
export async function serverPid(root: number): Promise<number> {
  for (const pid of await descendants(root)) {
    const argv = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0");
    if (/(^|\/)node$/.test(argv[0] ?? "") && argv.some((arg) => arg.endsWith("scripts/start.ts"))) return pid;
  }
  throw new Error(`no node process running scripts/start.ts under pid ${root}`);
}

/** VmRSS of `pid` in MB. */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) / 1024;
}
