import { apiSecretCommands } from "../lib/cli/api-secrets";
import { nodeCliContext } from "../lib/cli/node-context";
import { runCliCommand } from "../lib/cli/run";

/** `npm run api-secret:create|revoke|list -- …` (lib/cli/api-secrets.ts). */
const [action, ...argv] = process.argv.slice(2);
const command = apiSecretCommands[action as keyof typeof apiSecretCommands];
if (command) {
  process.exitCode = await runCliCommand(command, argv, nodeCliContext());
} else {
  console.error(`Unknown action ${JSON.stringify(action ?? "")}: use create, revoke or list.`);
  process.exitCode = 1;
}
