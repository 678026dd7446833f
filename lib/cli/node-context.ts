import { closeDatabase, getDb } from "../db";
import { readHiddenLine } from "./prompt";
import type { CliContext } from "./run";

/**
 * The real process as a CliContext: stdout for results, stderr for everything else (so
 * `SECRET=$(npm run -s api-secret:create -- …)` captures only the secret), the configured database
 * (DATABASE_URL, or the embedded one, whose lock makes the command fail clearly while a server holds it).
 */
export function nodeCliContext(): CliContext {
  const stdin = process.stdin;
  return {
    io: {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    },
    env: process.env,
    db: getDb,
    close: closeDatabase,
    promptHidden: stdin.isTTY ? (prompt) => readHiddenLine(prompt, stdin, process.stderr) : undefined,
  };
}
