import { eq } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import { setupTokens, staffUsers, storeMemberships } from "../db/schema";
import { createStore } from "../domain/stores";
import { newId } from "../ids";
import { newStoreSchema, staffEmailSchema, staffNameSchema } from "../schemas/stores";
import { assertSingleUse, type CliCommand, parseOptions, requireOption, UsageError } from "./run";
import { resolvePassword } from "./staff";

export const STORE_CREATE_USAGE = `Usage: npm run store:create -- --name NAME --currency CODE --time-zone ZONE --admin-email EMAIL [--admin-name NAME] [--admin-password PASSWORD]

What first-run setup (the /setup page) does, for automation: creates a store with its first location
("Main warehouse") and makes --admin-email its admin.

  --name            the store's name
  --currency        ISO 4217 code of its money amounts, e.g. USD, EUR
  --time-zone       IANA zone in which the app shows its dates, e.g. Europe/Berlin, America/New_York
  --admin-email     the admin. When no staff user has this email, one is created: --admin-name is then
                    required, and the password is read from --admin-password, STAFF_PASSWORD, or asked for
                    (without echo) in a terminal. An existing user simply becomes admin of the new store.
  --admin-name      the admin's name shown in the app (new users only)
  --admin-password  prefer STAFF_PASSWORD or the prompt: a --admin-password value shows in the process list

Prints the new store's id.`;

type StoreCreateArgs = {
  store: { name: string; currency: string; timeZone: string };
  admin: { email: string; name?: string; password?: string };
};

/** Parses and checks the arguments of `store:create` (no database needed). */
export function parseStoreCreateArgs(argv: string[]): StoreCreateArgs {
  const names = ["name", "currency", "time-zone", "admin-email", "admin-name", "admin-password"];
  const { values, tokens } = parseOptions(
    argv,
    Object.fromEntries(names.map((name) => [name, { type: "string" as const }])),
  );
  assertSingleUse(tokens, names);
  const store = newStoreSchema.safeParse({
    name: requireOption(values.name as string | undefined, "name"),
    currency: requireOption(values.currency as string | undefined, "currency"),
    timeZone: requireOption(values["time-zone"] as string | undefined, "time-zone"),
  });
  if (!store.success) {
    const issue = store.error.issues[0];
    const flag = { name: "--name", currency: "--currency", timeZone: "--time-zone" }[String(issue?.path[0])];
    throw new UsageError(`${flag ?? "An option"}: ${issue?.message ?? "not valid"}`);
  }
  const email = staffEmailSchema.safeParse(
    requireOption(values["admin-email"] as string | undefined, "admin-email"),
  );
  if (!email.success) throw new UsageError(`--admin-email: ${email.error.issues[0]?.message}`);
  const rawName = values["admin-name"] as string | undefined;
  const name = rawName === undefined ? undefined : staffNameSchema.safeParse(rawName);
  if (name && !name.success) throw new UsageError(`--admin-name: ${name.error.issues[0]?.message}`);
  return {
    store: store.data,
    admin: { email: email.data, name: name?.data, password: values["admin-password"] as string | undefined },
  };
}

export const storeCreateCommand: CliCommand = {
  usage: STORE_CREATE_USAGE,
  async run(argv, ctx) {
    const args = parseStoreCreateArgs(argv);
    const db = await ctx.db();
    const [existing] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, args.admin.email));
    let passwordHash: string | undefined;
    if (!existing) {
      if (!args.admin.name) throw new UsageError("--admin-name is required to create a new admin.");
      passwordHash = await hashPassword(await resolvePassword(args.admin.password, ctx));
    }
    const { storeId, userId } = await db.transaction(async (tx) => {
      const { storeId } = await createStore(tx, args.store);
      let userId = existing?.id;
      if (!userId) {
        userId = newId("staffUser");
        await tx
          .insert(staffUsers)
          .values({ id: userId, email: args.admin.email, name: args.admin.name ?? "", passwordHash });
      }
      await tx.insert(storeMemberships).values({ storeId, userId, role: "admin" });
      // Someone can sign in now: the setup links printed at start-up have no use left.
      await tx.delete(setupTokens);
      return { storeId, userId };
    });
    ctx.io.err(
      `Created store "${args.store.name}" (${args.store.currency}, ${args.store.timeZone}) with the location ` +
        `"Main warehouse"; ${args.admin.email} (${userId}) is its admin${existing ? " (existing account)" : ""}.`,
    );
    ctx.io.out(storeId);
  },
};
