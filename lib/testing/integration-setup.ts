import { afterAll, vi } from "vitest";
import { setPasswordHashCostForTesting } from "../auth/password";
import { stopWatchingApiKeyRevocations } from "../domain/api-keys";

/**
 * Runs before every integration test file (vitest.config.ts, setupFiles). Staff users made by the tests'
 * helpers and by the routes under test hash their passwords at a low scrypt cost: at the real one (about
 * 128 MiB and 100 ms a hash, seconds on a loaded machine) the suite spent its time hashing passwords no test
 * guesses. The real cost's hashing and verifying is tested in lib/auth/credentials.test.ts (unit project).
 */
setPasswordHashCostForTesting({ N: 2 ** 10, r: 8, p: 1 });

// Integration files share their worker's modules and process (`isolate: false`, vitest.config.ts): whatever a
// file changed in the process goes back before the next file runs there.
afterAll(async () => {
  await stopWatchingApiKeyRevocations();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
