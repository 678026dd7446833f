import { describe, expect, it } from "vitest";
import type { ApiKeySummary } from "../domain/api-keys";
import {
  apiSecretCommands,
  formatApiSecretTable,
  parseCreateArgs,
  parseListArgs,
  parseRevokeArgs,
} from "./api-secrets";
import { runCliCommand, UsageError } from "./run";
import { testCliContext } from "./testing";

const STORE = "str_3ZbQ9mX2kT7vLp0aYc1RfD";

describe("api-secret argument parsing", () => {
  it("reads create, revoke and list arguments", () => {
    expect(parseCreateArgs(["--store", STORE, "--name", "  ERP  "])).toEqual({
      storeId: STORE,
      name: "ERP",
      json: false,
    });
    expect(parseCreateArgs([`--store=${STORE}`, "--name=ERP", "--json"]).json).toBe(true);
    expect(parseRevokeArgs(["--id", "key_3ZbQ9mX2kT7vLp0aYc1RfD"])).toEqual({
      id: "key_3ZbQ9mX2kT7vLp0aYc1RfD",
      json: false,
    });
    expect(parseListArgs(["--store", STORE, "--json"])).toEqual({ storeId: STORE, json: true });
  });

  it.each([
    ["create without --store", () => parseCreateArgs(["--name", "ERP"]), "--store is required."],
    ["create without --name", () => parseCreateArgs(["--store", STORE]), "--name is required."],
    ["a blank name", () => parseCreateArgs(["--store", STORE, "--name", "  "]), "--name: Must not be empty."],
    [
      "a name of 101 characters",
      () => parseCreateArgs(["--store", STORE, "--name", "n".repeat(101)]),
      "--name: Must be at most 100 characters.",
    ],
    ["a malformed store id", () => parseListArgs(["--store", "shop"]), '"shop" is not a store id'],
    ["--store twice", () => parseListArgs(["--store", STORE, "--store", STORE]), "given more than once"],
    ["revoke without --id", () => parseRevokeArgs([]), "--id is required."],
    ["an unknown option", () => parseRevokeArgs(["--id", "key_x", "--force"]), "Unknown option '--force'."],
    ["a positional argument", () => parseListArgs([STORE]), `Unexpected argument '${STORE}'`],
  ])("refuses %s", (_name, parse, message) => {
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });

  it("prints each command's usage for --help without opening the database", async () => {
    for (const [action, command] of Object.entries(apiSecretCommands)) {
      const run = testCliContext();
      expect(await runCliCommand(command, ["-h"], run.ctx)).toBe(0);
      expect(run.out.join("\n")).toContain(`npm run api-secret:${action}`);
      expect(run.dbOpened()).toBe(false);
    }
  });
});

describe("formatApiSecretTable", () => {
  it("aligns the columns, shows only the start of a secret, and dashes for missing values", () => {
    const key = (overrides: Partial<ApiKeySummary>): ApiKeySummary => ({
      id: "key_3ZbQ9mX2kT7vLp0aYc1RfD",
      storeId: STORE,
      name: "ERP",
      start: "brk_Xa3k9Q",
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: null,
      ...overrides,
    });
    const lines = formatApiSecretTable([
      key({}),
      key({
        id: "key_0000000000000000000000",
        name: "Warehouse scanner",
        lastUsedAt: new Date("2026-01-03T00:00:00Z"),
        revokedAt: new Date("2026-01-04T12:30:00Z"),
        createdBy: { id: "usr_1", name: "Ana" },
      }),
    ]);
    expect(lines).toEqual([
      "ID                          NAME               START        CREATED (UTC)     LAST USED         REVOKED           CREATED BY",
      "key_3ZbQ9mX2kT7vLp0aYc1RfD  ERP                brk_Xa3k9Q…  2026-01-02 03:04  -                 -                 -",
      "key_0000000000000000000000  Warehouse scanner  brk_Xa3k9Q…  2026-01-02 03:04  2026-01-03 00:00  2026-01-04 12:30  Ana",
    ]);
  });
});
