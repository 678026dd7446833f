import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ID_PREFIXES } from "../../ids";
import { idPrefixOfTables, TABLES } from "../../testing/kind-rows";

describe("id-prefix CHECK constraints", () => {
  it("every kind of the resource table (lib/ids.ts) has its table, held to its prefix", () => {
    const checked = [...idPrefixOfTables().values()].sort();
    expect(checked).toEqual(Object.values(ID_PREFIXES).sort());
  });

  it("every table with a text id holds it to a prefix", () => {
    const unchecked = TABLES.map((table) => getTableConfig(table))
      .filter((config) => config.columns.some((c) => c.name === "id" && c.getSQLType() === "text"))
      .filter((config) => !idPrefixOfTables().has(config.name))
      .map((config) => config.name);
    expect(unchecked).toEqual([]);
  });
});
