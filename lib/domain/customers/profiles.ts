import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { customers } from "../../db/schema";
import { newId } from "../../ids";
import type { Customer, UpsertCustomerBody } from "../../schemas/customers";
import { NotFoundError } from "../errors";

/**
 * Customer profiles (docs/customers.md): one per store and e-mail address, the address lower-cased so
 * `Jane@Example.com` and `jane@example.com` are one customer.
 */

const normalEmail = (email: string) => email.trim().toLowerCase();

type CustomerRow = typeof customers.$inferSelect;

function toCustomer(row: CustomerRow): Customer {
  const customer: Customer = {
    id: row.id,
    email: row.email,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.firstName !== null) customer.firstName = row.firstName;
  if (row.lastName !== null) customer.lastName = row.lastName;
  const [phoneNumber] = row.phoneNumbers;
  if (phoneNumber !== undefined) customer.phoneNumber = phoneNumber;
  if (row.location !== null) customer.location = row.location;
  return customer;
}

/** Customer get: NotFound (`customer/not-found`) when the store has no profile for the address. */
export async function getCustomerByEmail(
  db: Db,
  input: { storeId: string; email: string },
): Promise<Customer> {
  const email = normalEmail(input.email);
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, input.storeId), eq(customers.email, email)));
  if (!row) throw new NotFoundError("customer", email);
  return toCustomer(row);
}

/**
 * Customer upsert, in one statement keyed by the unique (store, e-mail): two callers racing on one address
 * meet the key and the second updates what the first created. Only the fields sent change; a new phone
 * number joins the list, `location` and `customFields` merge key by key.
 */
export async function upsertCustomer(
  db: Db,
  input: { storeId: string; profile: UpsertCustomerBody },
): Promise<{ id: string; email: string; created: boolean }> {
  const { profile } = input;
  const email = normalEmail(profile.email);
  const phone = profile.phoneNumber;
  const [row] = await db
    .insert(customers)
    .values({
      id: newId("customer"),
      storeId: input.storeId,
      email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumbers: phone ? [phone] : [],
      location: profile.location,
      customFields: profile.customFields ?? {},
    })
    .onConflictDoUpdate({
      target: [customers.storeId, customers.email],
      set: {
        ...(profile.firstName !== undefined && { firstName: sql`excluded.first_name` }),
        ...(profile.lastName !== undefined && { lastName: sql`excluded.last_name` }),
        ...(phone !== undefined && {
          phoneNumbers: sql`case when ${phone}::text = any(${customers.phoneNumbers}) then ${customers.phoneNumbers}
            else array_append(${customers.phoneNumbers}, ${phone}::text) end`,
        }),
        ...(profile.location !== undefined && {
          location: sql`coalesce(${customers.location}, '{}'::jsonb) || excluded.location`,
        }),
        ...(profile.customFields !== undefined && {
          customFields: sql`${customers.customFields} || excluded.custom_fields`,
        }),
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: customers.id, email: customers.email, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("the customer upsert returned no row");
  return row;
}

/** The demo loader's profiles: one per e-mail address the stores' orders carry (as migration 0029 backfills). */
export async function customersFromOrders(tx: Db, storeIds: readonly string[]): Promise<void> {
  if (storeIds.length === 0) return;
  await tx.execute(sql`
    insert into customers (id, store_id, email, first_name, last_name, phone_numbers, created_at, updated_at)
    select distinct on (o.store_id, lower(o.customer_email))
           'cus_' || substr(md5(o.store_id || ':' || lower(o.customer_email)), 1, 22), o.store_id,
           lower(o.customer_email), nullif(o.customer_given_name, ''), nullif(o.customer_surname, ''),
           case when coalesce(o.customer_phone, '') = '' then '{}'::text[] else array[o.customer_phone] end,
           o.created_at, o.updated_at
    from orders o
    where coalesce(o.customer_email, '') <> '' and o.store_id in (${sql.join(
      storeIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by o.store_id, lower(o.customer_email), o.created_at desc
    on conflict do nothing`);
}
