import { type ParseArgsConfig, parseArgs } from "node:util";
import type { Db } from "../db";
import { DatabaseLockedError } from "../db/pglite-lock";
import { DomainError } from "../domain/errors";

/**
 * The frame of the operator's commands (`npm run staff:create`, `npm run api-secret:*`): argument parsing
 * with node:util, one database opened on demand and always closed, and errors printed as one clear
 * message with exit code 1, never a stack trace. Commands get their input and output through
 * `CliContext`, so tests run them in-process against a test database.
 */

/** A problem the operator can fix (unknown store, taken email): its message is printed as is. */
export class CliError extends Error {
  override name = "CliError";
}

/** Bad arguments: the message and then the command's usage are printed. */
export class UsageError extends CliError {
  override name = "UsageError";
}

export type CliIo = {
  /** The command's result (a secret, an id, a table), for people and for scripts. */
  out(line: string): void;
  /** Explanations, warnings and errors. */
  err(line: string): void;
};

export type CliContext = {
  io: CliIo;
  env: Readonly<Record<string, string | undefined>>;
  /** Opens (once) and returns the database; commands that do not need it never open it. */
  db(): Promise<Db>;
  close(): Promise<void>;
  /** Reads a line without echoing it, when stdin is a terminal; undefined when it is not. */
  promptHidden?: (prompt: string) => Promise<string>;
};

export type CliCommand = {
  usage: string;
  run(argv: string[], ctx: CliContext): Promise<void>;
};

/** Runs a command and returns its exit code: 0, or 1 after printing what went wrong. */
export async function runCliCommand(command: CliCommand, argv: string[], ctx: CliContext): Promise<number> {
  try {
    if (argv.includes("--help") || argv.includes("-h")) {
      ctx.io.out(command.usage);
      return 0;
    }
    await command.run(argv, ctx);
    return 0;
  } catch (error) {
    ctx.io.err(describeError(error));
    if (error instanceof UsageError) ctx.io.err(`\n${command.usage}`);
    return 1;
  } finally {
    await ctx.close().catch(() => undefined);
  }
}

/**
 * node:util parseArgs with strict options and no positionals, its errors turned into UsageErrors.
 * Each option may be given once, unless it is `multiple`.
 */
export function parseOptions<T extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false, tokens: true });
  } catch (error) {
    // Node's messages end in advice about `--` that does not apply here; the first sentence says it all.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${message.split(". ")[0]?.replace(/\.$/, "")}.`);
  }
}

/** Refuses an option given twice (parseArgs keeps the last one silently). */
export function assertSingleUse(tokens: { kind: string; name?: string }[], names: string[]): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== "option" || !token.name || !names.includes(token.name)) continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given more than once.`);
    seen.add(token.name);
  }
}

/** The value of a required string option, trimmed; a UsageError naming it when it is missing or blank. */
export function requireOption(value: string | undefined, name: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new UsageError(`--${name} is required.`);
  return trimmed;
}

function describeError(error: unknown): string {
  if (error instanceof CliError || error instanceof DatabaseLockedError || error instanceof DomainError) {
    return error.message;
  }
  if (error instanceof Error) {
    // Database errors carry the whole statement and its parameters: the first line and the cause suffice.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `Error: ${error.message.split("\n")[0]?.slice(0, 200)}${cause}`;
  }
  return `Error: ${String(error)}`;
}
