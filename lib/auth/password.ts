import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptInPool = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MiB and ~100 ms a hash.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

/**
 * Hashes running at once in this process. scrypt runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which file reads, DNS lookups and zlib share: a burst of sign-ins
 * would otherwise take every thread, and the app would stop answering anyone else. Two keep half the pool
 * free; one would halve the process's share of a busy machine's CPU for sign-ins too (measured: sign-ins
 * past 10 s in the e2e run on a loaded 2-core machine), so the number does not follow the core count.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await scryptInPool(password, salt, keylen, options);
  } finally {
    // The slot passes straight to the next waiter, so `running` never drops while someone waits.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

let defaultParams = PARAMS;

/**
 * The integration tests create staff users by the hundred and never guess their passwords: they hash at a
 * cost of N=2^10 (lib/testing/integration-setup.ts). A hash names its own parameters, so verifying is
 * unchanged. Passing nothing restores the real cost.
 */
export function setPasswordHashCostForTesting(params?: typeof PARAMS): void {
  defaultParams = params ?? PARAMS;
}

/** Hashes a staff password as `scrypt$N$r$p$salt$hash` (base64url parts), so parameters can change later. */
export async function hashPassword(password: string, params = defaultParams): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEM });
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    hash.toString("base64url"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const actual = await scrypt(
    password.normalize("NFKC"),
    Buffer.from(saltText, "base64url"),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAX_MEM,
    },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
