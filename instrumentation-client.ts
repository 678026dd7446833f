import { config } from "zod/v4/core";

// Runs before the app's code in the browser. Zod compiles its object parsers with `new Function` unless told
// not to, and the pages' Content-Security-Policy has no 'unsafe-eval' (docs/operations.md, Security headers):
// even its probe for eval, caught as it is, is reported as a violation.
config({ jitless: true });
