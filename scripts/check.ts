import { printChecks, runChecks } from "./support/checks";

/** `npm run check`: the type check and the linters at once (scripts/support/checks.ts); fails when either does. */
process.exit(printChecks(await runChecks()) ? 0 : 1);
