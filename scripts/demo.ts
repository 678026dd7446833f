import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * `npm run demo` (after `next build`): `npm start`'s server (scripts/start.ts) in demo mode. The demo flag is set here rather than in
 * package.json so the command works the same in every shell (no `VAR=value cmd` on Windows).
 * Extra arguments go to it (`npm run demo -- -p 4000`).
 */
const require = createRequire(import.meta.url);
const start = require.resolve("./start.ts");
const child = spawn(process.execPath, [require.resolve("tsx/cli"), start, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, BACKROOM_DEMO: "true" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
