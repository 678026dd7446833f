import { nodeCliContext } from "../lib/cli/node-context";
import { runCliCommand } from "../lib/cli/run";
import { storeCreateCommand } from "../lib/cli/store";

/** `npm run store:create -- --name … --currency … --time-zone … --admin-email …` (lib/cli/store.ts). */
process.exitCode = await runCliCommand(storeCreateCommand, process.argv.slice(2), nodeCliContext());
