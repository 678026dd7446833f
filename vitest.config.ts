import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three projects:
 * - unit: pure tests (`*.test.ts`), no database.
 * - pglite: integration tests (`*.int.test.ts`), each file on its own in-memory PGlite loaded from a
 *   template that global setup migrated once.
 * - postgres: the same integration tests on PostgreSQL, only when TEST_DATABASE_URL is set; each run
 *   creates its own databases and drops them at the end.
 */
const integration = ["lib/**/*.int.test.ts", "app/**/*.int.test.ts"];
const alias = { "@": path.resolve(import.meta.dirname) };

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
          ],
          exclude: integration,
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: integration,
          environment: "node",
          globalSetup: ["lib/testing/global-setup.ts"],
          env: { BACKROOM_TEST_BACKEND: "pglite", BACKROOM_REQUEST_LOG: "off" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: integration,
                environment: "node" as const,
                globalSetup: ["lib/testing/global-setup.ts"],
                env: { BACKROOM_TEST_BACKEND: "postgres", BACKROOM_REQUEST_LOG: "off" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
