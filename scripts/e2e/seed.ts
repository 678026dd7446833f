import { eq } from "drizzle-orm";
import type { Role, RunContext } from "../../e2e/support/run-context";
import type { Db } from "../../lib/db";
import { staffUsers, storeMemberships } from "../../lib/db/schema";
import { DEMO_PASSWORD, DEMO_STAFF } from "../../lib/demo/accounts";
import { seedLargeStore } from "../../lib/demo/bulk";
import { BULK_STORE } from "../../lib/demo/catalog-stores";
import { seedDemoData } from "../../lib/demo/load";
import { createStaffUser } from "../../lib/domain/staff";

export const LOCKOUT_ACCOUNT = { email: "lockout@backroom.test", password: "lockout-e2e-password" };

/**
 * Fills a fresh database for an end-to-end run: the demo data a new user gets on first start, the bulk
 * store with `shipments` inbound shipments (the admin account is made its admin, as the demo does not
 * give anyone that store), and an account that lock-out tests may lock without harming the others.
 */
export async function seedRunDatabase(db: Db, shipments: number): Promise<RunContext> {
  const demo = await seedDemoData(db);
  const bulk = await seedLargeStore(db, { shipments, concurrency: 1 });

  const admin = DEMO_STAFF.find((user) => user.role === "admin");
  if (!admin) throw new Error("The demo has no admin account.");
  // No domain action adds a member to a store yet; this is the one row the demo seed does not write.
  const [adminUser] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, admin.email));
  if (!adminUser) throw new Error(`The demo account ${admin.email} was not created.`);
  await db
    .insert(storeMemberships)
    .values({ storeId: bulk.storeId, userId: adminUser.id, role: "admin" })
    .onConflictDoNothing();

  const [firstStore] = demo.stores;
  if (!firstStore) throw new Error("The demo data has no store.");
  await createStaffUser(db, {
    ...LOCKOUT_ACCOUNT,
    name: "Lockout Tester",
    memberships: [{ storeId: firstStore.id, role: "viewer" }],
  });

  const account = (role: Role) => {
    const user = DEMO_STAFF.find((u) => u.role === role);
    if (!user) throw new Error(`The demo has no ${role} account.`);
    return { email: user.email, password: DEMO_PASSWORD };
  };
  return {
    demoStores: demo.stores.map(({ id, name, currency, apiSecret }) => ({ id, name, currency, apiSecret })),
    bulkStore: { id: bulk.storeId, name: BULK_STORE.name, inboundShipments: bulk.shipments },
    accounts: {
      admin: account("admin"),
      editor: account("editor"),
      viewer: account("viewer"),
      lockout: LOCKOUT_ACCOUNT,
    },
  };
}
