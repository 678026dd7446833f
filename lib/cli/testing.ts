import type { Db } from "../db";
import type { CliContext } from "./run";

/** A CliContext for tests: captured output, a given database (or none), and a scripted prompt. */
export function testCliContext(options: { db?: Db; env?: Record<string, string>; answers?: string[] } = {}): {
  ctx: CliContext;
  out: string[];
  err: string[];
  prompts: string[];
  dbOpened: () => boolean;
  closed: () => number;
} {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  let opened = false;
  let closed = 0;
  const answers = options.answers ? [...options.answers] : undefined;
  const ctx: CliContext = {
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    env: options.env ?? {},
    db: async () => {
      opened = true;
      if (!options.db) throw new Error("this test gives the command no database");
      return options.db;
    },
    close: async () => {
      closed++;
    },
    promptHidden: answers
      ? async (prompt) => {
          prompts.push(prompt);
          const answer = answers.shift();
          if (answer === undefined) throw new Error(`unexpected prompt ${prompt}`);
          return answer;
        }
      : undefined,
  };
  return { ctx, out, err, prompts, dbOpened: () => opened, closed: () => closed };
}
