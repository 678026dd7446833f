import type { Db } from "../db";
import {
  type ApiKeySummary,
  createApiKey,
  findApiKeyForOperator,
  listApiKeys,
  revokeApiKey,
  serializeApiSecret,
} from "../domain/api-keys";
import { isId } from "../ids";
import { apiSecretNameSchema } from "../schemas/api-secrets";
import { assertSingleUse, type CliCommand, CliError, parseOptions, requireOption, UsageError } from "./run";
import { assertStoresExist } from "./staff";

/**
 * `npm run api-secret:create|revoke|list`: the command-line side of API secret management (decisions §2),
 * for automation and for the first secret of a store. The same domain functions as the API; the
 * secrets it creates have no staff creator. `--json` prints the API's response shapes.
 */

export const API_SECRET_USAGE = {
  create: `Usage: npm run api-secret:create -- --store STORE_ID --name NAME [--json]

  Creates an API secret for the store and prints it. It is shown this once: only its hash is stored.
  --name    what the secret is for (1 to 100 characters), e.g. "ERP"
  --json    print { api_secret, secret } as the API answers it`,
  revoke: `Usage: npm run api-secret:revoke -- --id KEY_ID [--json]

  Revokes the secret: the API refuses it from then on (a running server may accept it for up to
  5 more seconds, since it remembers valid secrets that long). Revoking twice is harmless.
  --json    print { api_secret } as the API answers it`,
  list: `Usage: npm run api-secret:list -- --store STORE_ID [--json]

  Lists the store's secrets, newest first, revoked ones included (never the secrets themselves).
  --json    print { api_secrets } as the API answers it`,
};

const json = { type: "boolean" } as const;

function storeOption(value: string | undefined): string {
  const storeId = requireOption(value, "store");
  if (!isId("store", storeId)) {
    throw new UsageError(
      `${JSON.stringify(storeId)} is not a store id (they look like str_3ZbQ9mX2kT7vLp0aYc1RfD).`,
    );
  }
  return storeId;
}

export function parseCreateArgs(argv: string[]): { storeId: string; name: string; json: boolean } {
  const { values, tokens } = parseOptions(argv, {
    store: { type: "string" },
    name: { type: "string" },
    json,
  });
  assertSingleUse(tokens, ["store", "name"]);
  const storeId = storeOption(values.store);
  if (values.name === undefined) throw new UsageError("--name is required.");
  const name = apiSecretNameSchema.safeParse(values.name);
  if (!name.success) throw new UsageError(`--name: ${name.error.issues[0]?.message ?? "not valid."}`);
  return { storeId, name: name.data, json: values.json ?? false };
}

export function parseRevokeArgs(argv: string[]): { id: string; json: boolean } {
  const { values, tokens } = parseOptions(argv, { id: { type: "string" }, json });
  assertSingleUse(tokens, ["id"]);
  return { id: requireOption(values.id, "id"), json: values.json ?? false };
}

export function parseListArgs(argv: string[]): { storeId: string; json: boolean } {
  const { values, tokens } = parseOptions(argv, { store: { type: "string" }, json });
  assertSingleUse(tokens, ["store"]);
  return { storeId: storeOption(values.store), json: values.json ?? false };
}

export async function createApiSecretFromCli(db: Db, input: { storeId: string; name: string }) {
  await assertStoresExist(db, [input.storeId]);
  return createApiKey(db, { storeId: input.storeId, name: input.name });
}

/** Revokes by id alone (the operator may act on any store); says whether it was revoked already. */
export async function revokeApiSecretFromCli(
  db: Db,
  id: string,
): Promise<{ apiKey: ApiKeySummary; alreadyRevoked: boolean }> {
  const existing = await findApiKeyForOperator(db, id);
  if (!existing) throw new CliError(`Unknown API secret ${id}: no API secret has this id.`);
  const apiKey = await revokeApiKey(db, existing.storeId, existing.id);
  return { apiKey, alreadyRevoked: existing.revokedAt !== null };
}

export async function listApiSecretsFromCli(db: Db, storeId: string): Promise<ApiKeySummary[]> {
  await assertStoresExist(db, [storeId]);
  return listApiKeys(db, storeId);
}

const when = (date: Date | null) => (date ? date.toISOString().slice(0, 16).replace("T", " ") : "-");

/** The secrets as an aligned text table (times in UTC, to the minute). */
export function formatApiSecretTable(keys: ApiKeySummary[]): string[] {
  const rows = [
    ["ID", "NAME", "START", "CREATED (UTC)", "LAST USED", "REVOKED", "CREATED BY"],
    ...keys.map((key) => [
      key.id,
      key.name,
      `${key.start}…`,
      when(key.createdAt),
      when(key.lastUsedAt),
      when(key.revokedAt),
      key.createdBy?.name ?? "-",
    ]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? "")].length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  "),
  );
}

export const apiSecretCommands: Record<"create" | "revoke" | "list", CliCommand> = {
  create: {
    usage: API_SECRET_USAGE.create,
    async run(argv, ctx) {
      const args = parseCreateArgs(argv);
      const { apiKey, secret } = await createApiSecretFromCli(await ctx.db(), args);
      if (args.json) {
        ctx.io.out(JSON.stringify({ api_secret: serializeApiSecret(apiKey), secret }));
        return;
      }
      ctx.io.err(`Created API secret ${apiKey.id} "${apiKey.name}" for store ${apiKey.storeId}.`);
      ctx.io.err("This is the only time the secret is shown; store it now:");
      ctx.io.out(secret);
    },
  },
  revoke: {
    usage: API_SECRET_USAGE.revoke,
    async run(argv, ctx) {
      const args = parseRevokeArgs(argv);
      const { apiKey, alreadyRevoked } = await revokeApiSecretFromCli(await ctx.db(), args.id);
      if (args.json) {
        ctx.io.out(JSON.stringify({ api_secret: serializeApiSecret(apiKey) }));
        return;
      }
      const what = `API secret ${apiKey.id} "${apiKey.name}" of store ${apiKey.storeId}`;
      ctx.io.out(
        alreadyRevoked
          ? `${what} was already revoked at ${apiKey.revokedAt?.toISOString()}.`
          : `Revoked ${what}.`,
      );
    },
  },
  list: {
    usage: API_SECRET_USAGE.list,
    async run(argv, ctx) {
      const args = parseListArgs(argv);
      const keys = await listApiSecretsFromCli(await ctx.db(), args.storeId);
      if (args.json) {
        ctx.io.out(JSON.stringify({ api_secrets: keys.map(serializeApiSecret) }));
        return;
      }
      if (keys.length === 0) ctx.io.err(`Store ${args.storeId} has no API secrets.`);
      else for (const line of formatApiSecretTable(keys)) ctx.io.out(line);
    },
  },
};
