import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";

/**
 * License plates (docs/labels.md): `LP-` and 8 characters of Crockford's base 32 (digits and capitals
 * without I, L, O and U, so nothing reads as another character or a word): 32^8, about 10^12 codes, 11
 * characters in all: short enough for Code128 on a 2x1 in thermal label at 10 mil bars.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const LICENSE_PLATE_PATTERN = /^LP-[0-9A-HJKMNP-TV-Z]{8}$/;
const PLATE_CONSTRAINT = "return_items_license_plate_key";
const ATTEMPTS = 5;

export function newLicensePlate(): string {
  return `LP-${Array.from({ length: 8 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join("")}`;
}

/**
 * Gives each of the items that has none a plate, in the caller's transaction, and returns every item's plate.
 * One conditional UPDATE (`where license_plate is null`): of two prints racing for the same item, the second
 * waits on the row, sees the plate the first wrote and keeps it, so an item never has two plates, and no
 * plate is read before it is written. A random code that is already taken (unique index) rolls back the
 * savepoint and is drawn again.
 */
export async function assignLicensePlates(tx: Db, itemIds: readonly string[]): Promise<Map<string, string>> {
  if (itemIds.length > 0) {
    for (let attempt = 1; ; attempt++) {
      try {
        await tx.transaction(async (savepoint) => {
          const values = sql.join(
            itemIds.map((id) => sql`(${id}, ${newLicensePlate()})`),
            sql`, `,
          );
          await savepoint.execute(sql`
            update return_items ri set license_plate = v.plate
            from (values ${values}) as v(id, plate)
            where ri.id = v.id and ri.license_plate is null`);
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error, PLATE_CONSTRAINT) || attempt >= ATTEMPTS) throw error;
      }
    }
  }
  const ids = sql.join(
    itemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: string; license_plate: string }>(
    sql`select id, license_plate from return_items where id in (${itemIds.length > 0 ? ids : sql`null`})`,
  );
  return new Map(rows.map((row) => [row.id, row.license_plate]));
}
