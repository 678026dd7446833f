import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESSED_KINDS, isId } from "../ids";
import { createTestDatabase, type TestDatabase } from "./database";
import { insertStore } from "./fixtures";
import { insertRowOfKind } from "./kind-rows";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

// comment_images holds its content type to a list no filler can guess: it shows the loud failure instead.
const REFUSED = "commentImage";

describe("insertRowOfKind", () => {
  // Every kind a path names, built from its table alone: a new kind gets its row the same way.
  it.each(ADDRESSED_KINDS.filter(({ kind }) => kind !== REFUSED))(
    "builds a row of $kind in an empty store",
    async ({ kind }) => {
      const store = await insertStore(database.db);
      expect(isId(kind, await insertRowOfKind(database.db, kind, store.id))).toBe(true);
    },
  );

  it("names the table when the database refuses the row it built", async () => {
    const store = await insertStore(database.db);
    await expect(insertRowOfKind(database.db, REFUSED, store.id)).rejects.toThrow(
      /could not build a row of comment_images/,
    );
  });
});
