import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { suppliers } from "@/lib/db/schema";
import { createSupplier } from "@/lib/domain/suppliers/suppliers";
import type { ImportCheck, ImportEvent } from "@/lib/schemas/imports";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { POST as check } from "./check/route";
import { POST as importFile } from "./route";

/** Suppliers from CSV through the shared import (docs/suppliers.md, docs/csv.md "Import"). */

const setup = setupApiTestDatabase();

function upload(handler: typeof check, storeId: string, csv: string, secret: string) {
  const path = `/stores/${storeId}/suppliers/import${handler === check ? "/check" : ""}`;
  return callRoute<{ import: ImportCheck } | unknown>(
    handler,
    { storeId },
    { method: "POST", path, secret, headers: { "content-type": "text/csv" }, body: csv },
  );
}

const summaryOf = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ImportEvent)
    .at(-1);

describe("suppliers import", () => {
  it("creates and updates suppliers matched by code, then name; every problem by line; a re-import changes nothing", async () => {
    const { database, storeA } = setup();
    const tag = Date.now().toString(36);
    const byCode = await createSupplier(database.db, storeA.id, {
      name: `Coded ${tag}`,
      email: "old@coded.example",
      code: `C-${tag}`,
    });
    const byName = await createSupplier(database.db, storeA.id, {
      name: `Named ${tag}`,
      email: "old@named.example",
    });

    const bad = [
      "name,email,code",
      `New ${tag},new@supplier.example,N-${tag}`,
      `new ${tag},again@supplier.example,`,
      `Broken ${tag},not-an-email,`,
      `Named ${tag},x@named.example,C-${tag}`,
    ].join("\n");
    const checked = await upload(check, storeA.id, bad, storeA.secret);
    expect(checked.status, checked.text).toBe(200);
    const report = (checked.body as { import: ImportCheck }).import;
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "name"],
      [4, "email"],
      [5, "code"],
    ]);
    expectInvalid(await upload(importFile, storeA.id, bad, storeA.secret), "supplier", [
      "lines.3.name",
      "lines.4.email",
      "lines.5.code",
    ]);

    const good = [
      "name,email,code",
      `New ${tag},new@supplier.example,N-${tag}`,
      `Coded Renamed ${tag},claims@coded.example,c-${tag}`,
      `NAMED ${tag},claims@named.example,`,
    ].join("\n");
    const imported = await upload(importFile, storeA.id, good, storeA.secret);
    expect(imported.status, imported.text).toBe(200);
    expect(summaryOf(imported.text)).toEqual({
      type: "done",
      summary: { created: 1, updated: 2, unchanged: 0, lines: 3 },
    });
    const rows = await database.db.select().from(suppliers).where(eq(suppliers.storeId, storeA.id));
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(byCode.id)).toMatchObject({ name: `Coded Renamed ${tag}`, email: "claims@coded.example" });
    // Matched by name: the name as the file writes it, the stored code kept (the cell is empty).
    expect(row(byName.id)).toMatchObject({ name: `NAMED ${tag}`, email: "claims@named.example", code: null });
    expect(rows.filter((r) => r.name === `New ${tag}`)).toHaveLength(1);

    const again = await upload(importFile, storeA.id, good, storeA.secret);
    expect(summaryOf(again.text)).toEqual({
      type: "done",
      summary: { created: 0, updated: 0, unchanged: 3, lines: 0 },
    });
  });
});
