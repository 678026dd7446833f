import { writeFileSync } from "node:fs";
import path from "node:path";
import { apiRoutesSource } from "../lib/contracts/api-routes-source";

/**
 * `npm run contracts:generate`: writes lib/client/api-routes.generated.ts, the method and path of every
 * operation for the web app, so the browser gets them without the contracts' zod schemas.
 * lib/client/api-routes.test.ts fails while the file is out of date.
 */
const file = path.resolve(import.meta.dirname, "../lib/client/api-routes.generated.ts");
writeFileSync(file, apiRoutesSource());
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
