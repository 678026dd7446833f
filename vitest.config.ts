import path from "node:path";
import { defineConfig } from "vitest/config";
import { PGLITE_FILES } from "./lib/testing/backends";

/**
 * Three projects, run one after the other (`sequence.groupOrder`, which Vitest needs to give each its own
 * number of workers):
 * - unit: pure tests (`*.test.ts`), no database.
 * - pglite: integration tests (`*.int.test.ts`), each file on its own in-memory PGlite copied from a
 *   template (lib/testing/templates.ts). With TEST_DATABASE_URL set, only the files whose behaviour can
 *   differ on PGlite (lib/testing/backends.ts); without it, all of them.
 * - postgres: every integration test on PostgreSQL, only when TEST_DATABASE_URL is set; each run creates
 *   its own databases and drops them at the end.
 * Integration files run two at a time: most of a file's time is spent waiting on the database. They share
 * their worker's modules (`isolate: false`): a fresh module graph per file cost more than the tests (274 s of
 * imports against 564 s of tests, summed, on PostgreSQL). Each file opens its own database and points the
 * process at it, and lib/testing/integration-setup.ts puts back what a file stubbed (env, globals, timers).
 */
const integration = ["lib/**/*.int.test.ts", "app/**/*.int.test.ts"];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const escapeGlob = (file: string) => file.replace(/[[\]]/g, "\\$&");
const pgliteFiles =
  onPostgres && process.env.BACKROOM_PGLITE_ALL !== "1" ? PGLITE_FILES.map(escapeGlob) : integration;
const integrationWorkers = 2;
const alias = { "@": path.resolve(import.meta.dirname) };

/** An integration project: the backend it runs on is its name, its templates come from global setup. */
function integrationProject(backend: "pglite" | "postgres", include: string[], groupOrder: number) {
  return {
    resolve: { alias },
    test: {
      name: backend,
      include,
      environment: "node" as const,
      sequence: { groupOrder },
      maxWorkers: integrationWorkers,
      isolate: false,
      globalSetup: ["lib/testing/global-setup.ts"],
      setupFiles: ["lib/testing/integration-setup.ts"],
      env: { BACKROOM_TEST_BACKEND: backend, BACKROOM_REQUEST_LOG: "off" },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./lib/testing/summary-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "app/**/*.test.ts",
            "components/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "proxy.test.ts",
          ],
          exclude: integration,
          environment: "node",
          sequence: { groupOrder: 0 },
          // Vitest's default is one worker less than the cores: one, on CI's two. Threads start faster than
          // the default forks (the project: 25 s against 31 s) and no unit test needs a process of its own.
          maxWorkers: 2,
          pool: "threads",
        },
      },
      integrationProject("pglite", pgliteFiles, 1),
      ...(onPostgres ? [integrationProject("postgres", integration, 2)] : []),
    ],
  },
});
