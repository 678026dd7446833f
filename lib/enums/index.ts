/**
 * Closed value sets shared by the database enums (lib/db/schema) and the zod schemas (lib/schemas).
 * Keeping them in one place means a new value is added once and reaches the API, the UI and the DB.
 * Values come from docs/spec/interface-v2.2.md and docs/spec/decisions.md §5-§9.
 */

export * from "./access";
export * from "./alerts";
export * from "./countries";
export * from "./inspection";
export * from "./inventory";
export * from "./labels";
export * from "./lists";
export * from "./notifications";
export * from "./returns";
export * from "./shipping";
export * from "./suppliers";
export * from "./webhooks";
