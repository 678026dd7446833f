import { inArray } from "drizzle-orm";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "../auth/password-policy";
import type { Db } from "../db";
import { stores } from "../db/schema";
import { createStaffUser } from "../domain/staff";
import { STAFF_ROLES, type StaffRole } from "../enums";
import { isId } from "../ids";
import {
  assertSingleUse,
  type CliCommand,
  type CliContext,
  CliError,
  parseOptions,
  requireOption,
  UsageError,
} from "./run";

const NAME_MAX_LENGTH = 100;

export const STAFF_CREATE_USAGE = `Usage: npm run staff:create -- --email EMAIL --name NAME --store STORE_ID:ROLE [--store ...] [--password PASSWORD]

  --email     sign-in email (stored lower-cased; must not be taken)
  --name      the name shown in the app
  --store     a store and the role in it, e.g. str_3ZbQ9mX2kT7vLp0aYc1RfD:admin; roles: ${STAFF_ROLES.join(", ")}.
              Repeat it for each store.
  --password  at least ${PASSWORD_MIN_LENGTH} characters, not a common one. Without it the password is read from STAFF_PASSWORD, or
              asked for (without echo) when run in a terminal. Prefer those: a --password value is visible
              to other users of the machine in the process list and stays in the shell history.

Prints the new user's id.`;

export type Membership = { storeId: string; role: StaffRole };

export type StaffCreateArgs = {
  email: string;
  name: string;
  /** Undefined when not given on the command line: see resolvePassword. */
  password?: string;
  memberships: Membership[];
};

// What a browser's type="email" field accepts (the sign-in form's), so `a@b.c` is fine.
const emailSchema = z.email({ pattern: z.regexes.html5Email });

/** Parses and checks the arguments of `staff:create` (no database needed). */
export function parseStaffCreateArgs(argv: string[]): StaffCreateArgs {
  const { values, tokens } = parseOptions(argv, {
    email: { type: "string" },
    name: { type: "string" },
    password: { type: "string" },
    store: { type: "string", multiple: true },
  });
  assertSingleUse(tokens, ["email", "name", "password"]);
  const email = requireOption(values.email, "email");
  if (!emailSchema.safeParse(email).success)
    throw new UsageError(`--email ${JSON.stringify(email)} is not an email address.`);
  const name = requireOption(values.name, "name");
  if (name.length > NAME_MAX_LENGTH)
    throw new UsageError(`--name must be at most ${NAME_MAX_LENGTH} characters.`);
  const stores = values.store ?? [];
  if (stores.length === 0) throw new UsageError("Give at least one --store STORE_ID:ROLE.");
  const memberships = stores.map(parseMembership);
  const seen = new Set<string>();
  for (const { storeId } of memberships) {
    if (seen.has(storeId)) throw new UsageError(`Store ${storeId} is given more than once.`);
    seen.add(storeId);
  }
  return { email, name, password: values.password, memberships };
}

function parseMembership(value: string): Membership {
  const colon = value.lastIndexOf(":");
  const storeId = (colon < 0 ? value : value.slice(0, colon)).trim();
  const role = colon < 0 ? "" : value.slice(colon + 1).trim();
  if (colon < 0 || !role) {
    throw new UsageError(`--store ${JSON.stringify(value)} needs a role: STORE_ID:${STAFF_ROLES.join("|")}.`);
  }
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw new UsageError(
      `Unknown role ${JSON.stringify(role)} in --store ${value}: use ${STAFF_ROLES.join(", ")}.`,
    );
  }
  if (!isId("store", storeId)) {
    throw new UsageError(
      `${JSON.stringify(storeId)} is not a store id (they look like str_3ZbQ9mX2kT7vLp0aYc1RfD).`,
    );
  }
  return { storeId, role: role as StaffRole };
}

/**
 * The password from --password, else the STAFF_PASSWORD environment variable, else asked twice on a
 * terminal. Refused when it breaks the strength rule of every chosen password (lib/auth/password-policy).
 */
export async function resolvePassword(
  fromArgs: string | undefined,
  ctx: Pick<CliContext, "env" | "promptHidden">,
): Promise<string> {
  let password = fromArgs ?? ctx.env.STAFF_PASSWORD;
  if (password === undefined || password === "") {
    if (!ctx.promptHidden) {
      throw new UsageError(
        "No password: give --password, set STAFF_PASSWORD, or run in a terminal to be asked.",
      );
    }
    password = await ctx.promptHidden("Password: ");
    checkPassword(password);
    if ((await ctx.promptHidden("Repeat the password: ")) !== password) {
      throw new CliError("The passwords do not match; nothing was created.");
    }
  }
  checkPassword(password);
  return password;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new CliError(`The password is refused: ${problem}`);
}

/** Throws a CliError naming every id of `storeIds` that is not a store. */
export async function assertStoresExist(db: Db, storeIds: string[]): Promise<void> {
  const found = await db.select({ id: stores.id }).from(stores).where(inArray(stores.id, storeIds));
  const known = new Set(found.map((row) => row.id));
  const missing = storeIds.filter((id) => !known.has(id));
  if (missing.length === 1) throw new CliError(`Unknown store ${missing[0]}: no store has this id.`);
  if (missing.length > 1) throw new CliError(`Unknown stores ${missing.join(", ")}: no store has these ids.`);
}

/** Creates the staff user (the stores must exist; the email must not be taken) and returns their id. */
export async function createStaffFromCli(
  db: Db,
  input: Required<StaffCreateArgs>,
): Promise<{ id: string; email: string }> {
  await assertStoresExist(
    db,
    input.memberships.map((m) => m.storeId),
  );
  return createStaffUser(db, input);
}

export const staffCreateCommand: CliCommand = {
  usage: STAFF_CREATE_USAGE,
  async run(argv, ctx) {
    const args = parseStaffCreateArgs(argv);
    const password = await resolvePassword(args.password, ctx);
    const user = await createStaffFromCli(await ctx.db(), { ...args, password });
    const roles = args.memberships.map((m) => `${m.role} of ${m.storeId}`).join(", ");
    ctx.io.err(`Created staff user ${user.email} (${roles}).`);
    ctx.io.out(user.id);
  },
};
