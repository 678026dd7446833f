import { writeFileSync } from "node:fs";
import { absolute, formatted, GENERATED_FILES } from "./codegen/generated-files";

/**
 * `npm run contracts:generate` (and `npm run db:generate` before drizzle-kit): writes the files made from
 * others (scripts/codegen/generated-files.ts), one after the other, as Biome formats them.
 */
for (const { file, source } of GENERATED_FILES) {
  writeFileSync(absolute(file), formatted(file, await source()));
  console.log(`Wrote ${file}.`);
}
