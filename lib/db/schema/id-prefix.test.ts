import { is } from "drizzle-orm";
import { getTableConfig, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ID_PREFIXES } from "../../ids";
import * as schema from "./index";

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const dialect = new PgDialect();

/** The prefix each table's `<table>_id_prefix` CHECK holds its ids to, by table. */
function prefixChecks(): Map<string, string> {
  const found = new Map<string, string>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const check = config.checks.find((c) => c.name === `${config.name}_id_prefix`);
    const sql = check ? dialect.sqlToQuery(check.value).sql : "";
    const prefix = /like '([a-z]+)\\_%'$/.exec(sql)?.[1];
    if (prefix) found.set(config.name, prefix);
  }
  return found;
}

describe("id-prefix CHECK constraints", () => {
  it("every kind of the resource table (lib/ids.ts) has its table, held to its prefix", () => {
    const checked = [...prefixChecks().values()].sort();
    expect(checked).toEqual(Object.values(ID_PREFIXES).sort());
  });

  it("every table with a text id holds it to a prefix", () => {
    const unchecked = tables
      .map((table) => getTableConfig(table))
      .filter((config) => config.columns.some((c) => c.name === "id" && c.getSQLType() === "text"))
      .filter((config) => !prefixChecks().has(config.name))
      .map((config) => config.name);
    expect(unchecked).toEqual([]);
  });
});
