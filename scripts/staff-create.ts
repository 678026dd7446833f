import { nodeCliContext } from "../lib/cli/node-context";
import { runCliCommand } from "../lib/cli/run";
import { staffCreateCommand } from "../lib/cli/staff";

/** `npm run staff:create -- --email … --name … --store str_…:admin`: adds a staff user (lib/cli/staff.ts). */
process.exitCode = await runCliCommand(staffCreateCommand, process.argv.slice(2), nodeCliContext());
