import { createRequire } from "node:module";
import { type ChildResult, npmCommand, printStep, runChild } from "./child";

const require = createRequire(import.meta.url);

/**
 * The static checks, at once: the type check (`npm run typecheck`) and the linters (`npm run lint`: Biome,
 * then knip). tsc works on one core for most of its 20 s, as knip does for its 10 s, so on two cores the pair
 * takes about as long as tsc alone. Each one's output is kept and printed whole by `printChecks`, so the two
 * never interleave.
 */
export async function runChecks(): Promise<[string, ChildResult][]> {
  const steps: [string, Promise<ChildResult>][] = [
    [
      "typecheck",
      runChild(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit"], { output: "buffer" }),
    ],
    ["lint", runChild(npmCommand, ["run", "--silent", "lint"], { output: "buffer" })],
  ];
  return Promise.all(steps.map(async ([name, result]) => [name, await result] as [string, ChildResult]));
}

/** Prints each check's line and output; true when every one passed. */
export function printChecks(results: [string, ChildResult][]): boolean {
  for (const [name, result] of results) printStep(name, result);
  return results.every(([, result]) => result.code === 0);
}
