import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL from the schema; migrations are applied by lib/db/migrate.ts on
// both backends, so no connection is configured here.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
  casing: "snake_case",
});
