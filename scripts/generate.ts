import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { absolute, formatted, GENERATED_FILES } from "./codegen/generated-files";

/**
 * `npm run contracts:generate` (and `npm run db:generate` before drizzle-kit): writes the files made from
 * others (scripts/codegen/generated-files.ts), as Biome formats them, each in a process of its own so that
 * it reads the files written before it (a process keeps the modules it has loaded).
 */
const [only] = process.argv.slice(2);
if (only) {
  const generated = GENERATED_FILES.find(({ file }) => file === only);
  if (!generated) throw new Error(`${only} is not a generated file`);
  writeFileSync(absolute(only), formatted(only, await generated.source()));
  console.log(`Wrote ${only}.`);
} else {
  for (const { file } of GENERATED_FILES) {
    execFileSync(process.execPath, [...process.execArgv, import.meta.filename, file], { stdio: "inherit" });
  }
}
