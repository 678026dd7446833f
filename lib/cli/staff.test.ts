import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { readHiddenLine, type TerminalInput } from "./prompt";
import { CliError, runCliCommand, UsageError } from "./run";
import { parseStaffCreateArgs, resolvePassword, staffCreateCommand } from "./staff";
import { testCliContext } from "./testing";

const STORE_A = "str_3ZbQ9mX2kT7vLp0aYc1RfD";
const STORE_B = "str_0000000000000000000000";
const base = ["--email", "Ana@Example.com", "--name", " Ana ", "--store", `${STORE_A}:admin`];

describe("parseStaffCreateArgs", () => {
  it("reads email, trimmed name, password and every --store with its role", () => {
    expect(
      parseStaffCreateArgs([...base, "--store", `${STORE_B}:viewer`, "--password", "correct horse"]),
    ).toEqual({
      email: "Ana@Example.com",
      name: "Ana",
      password: "correct horse",
      memberships: [
        { storeId: STORE_A, role: "admin" },
        { storeId: STORE_B, role: "viewer" },
      ],
    });
    expect(parseStaffCreateArgs(["--email=a@b.c", "--name=A", `--store=${STORE_A}:editor`])).toMatchObject({
      email: "a@b.c",
      password: undefined,
      memberships: [{ storeId: STORE_A, role: "editor" }],
    });
  });

  it.each([
    ["no --email", ["--name", "A", "--store", `${STORE_A}:admin`], "--email is required."],
    ["a bad email", ["--email", "ana", "--name", "A", "--store", `${STORE_A}:admin`], "not an email address"],
    ["no --name", ["--email", "a@b.c", "--store", `${STORE_A}:admin`], "--name is required."],
    [
      "a blank --name",
      ["--email", "a@b.c", "--name", "  ", "--store", `${STORE_A}:admin`],
      "--name is required.",
    ],
    ["no --store", ["--email", "a@b.c", "--name", "A"], "at least one --store"],
    ["a bad role", [...base.slice(0, 4), "--store", `${STORE_A}:owner`], 'Unknown role "owner"'],
    ["a store without role", [...base.slice(0, 4), "--store", STORE_A], "needs a role"],
    ["a malformed store id", [...base.slice(0, 4), "--store", "shop1:admin"], '"shop1" is not a store id'],
    ["a store given twice", [...base, "--store", `${STORE_A}:viewer`], "given more than once"],
    ["an unknown option", [...base, "--admin"], "Unknown option '--admin'."],
    ["a positional argument", [...base, "extra"], "Unexpected argument 'extra'"],
    ["--email twice", [...base, "--email", "b@c.d"], "--email is given more than once."],
    ["--email without value", ["--email"], "--email"],
  ])("refuses %s with a UsageError saying so", (_name, argv, message) => {
    expect(() => parseStaffCreateArgs(argv)).toThrow(UsageError);
    expect(() => parseStaffCreateArgs(argv)).toThrow(message);
  });
});

describe("resolvePassword", () => {
  const noTerminal = { env: {} };

  it("takes --password first, then STAFF_PASSWORD", async () => {
    expect(await resolvePassword("from-the-flag!", { env: { STAFF_PASSWORD: "from-the-env!!" } })).toBe(
      "from-the-flag!",
    );
    expect(await resolvePassword(undefined, { env: { STAFF_PASSWORD: "from-the-env!!" } })).toBe(
      "from-the-env!!",
    );
  });

  it("asks twice on a terminal and refuses a mismatch", async () => {
    const asked = testCliContext({ answers: ["typed-secret-one", "typed-secret-one"] });
    expect(await resolvePassword(undefined, asked.ctx)).toBe("typed-secret-one");
    expect(asked.prompts).toEqual(["Password: ", "Repeat the password: "]);
    const mismatch = testCliContext({ answers: ["typed-secret-one", "typed-secret-two"] });
    await expect(resolvePassword(undefined, mismatch.ctx)).rejects.toThrow("do not match");
  });

  it("refuses weak passwords wherever they come from, before asking again", async () => {
    await expect(resolvePassword("12345678901", noTerminal)).rejects.toThrow(
      "The password is refused: Use at least 12 characters.",
    );
    await expect(resolvePassword("backroom-demo", noTerminal)).rejects.toThrow("too common");
    await expect(resolvePassword(undefined, { env: { STAFF_PASSWORD: "short" } })).rejects.toThrow(CliError);
    const asked = testCliContext({ answers: ["short"] });
    await expect(resolvePassword(undefined, asked.ctx)).rejects.toThrow("at least 12 characters");
    expect(asked.prompts).toEqual(["Password: "]);
    expect(await resolvePassword("0123456789ab", noTerminal)).toBe("0123456789ab");
  });

  it("without a password and without a terminal, says how to give one", async () => {
    await expect(resolvePassword(undefined, noTerminal)).rejects.toThrow(
      "No password: give --password, set STAFF_PASSWORD, or run in a terminal to be asked.",
    );
  });
});

describe("staff:create command", () => {
  it("prints the usage for --help without opening the database", async () => {
    const run = testCliContext();
    expect(await runCliCommand(staffCreateCommand, ["--help"], run.ctx)).toBe(0);
    expect(run.out.join("\n")).toContain("Usage: npm run staff:create");
    expect(run.dbOpened()).toBe(false);
  });

  it("exits 1 with the problem and the usage for bad arguments, without opening the database", async () => {
    const run = testCliContext();
    expect(await runCliCommand(staffCreateCommand, ["--email", "a@b.c"], run.ctx)).toBe(1);
    expect(run.err[0]).toBe("--name is required.");
    expect(run.err.join("\n")).toContain("Usage: npm run staff:create");
    expect(run.err.join("\n")).not.toMatch(/\bat .*\.ts:\d+/);
    expect(run.dbOpened()).toBe(false);
    expect(run.closed()).toBe(1);
  });
});

describe("readHiddenLine", () => {
  function terminal() {
    const input = new PassThrough() as PassThrough & TerminalInput;
    const modes: boolean[] = [];
    input.setRawMode = vi.fn((mode: boolean) => {
      modes.push(mode);
      return input;
    });
    const output = new PassThrough();
    const written: string[] = [];
    output.on("data", (chunk: Buffer) => written.push(String(chunk)));
    return { input, output, modes, written };
  }

  it("reads up to Enter in raw mode without echoing, with Backspace, and restores the mode", async () => {
    const { input, output, modes, written } = terminal();
    const line = readHiddenLine("Password: ", input, output);
    input.write("hunter2x");
    input.write("\u007f2é\r");
    await expect(line).resolves.toBe("hunter22é");
    expect(modes).toEqual([true, false]);
    expect(written.join("")).toBe("Password: \n");
  });

  it("cancels on Ctrl-C", async () => {
    const { input, output, modes } = terminal();
    const line = readHiddenLine("Password: ", input, output);
    input.write("abc\u0003");
    await expect(line).rejects.toThrow("Cancelled.");
    expect(modes).toEqual([true, false]);
  });
});
