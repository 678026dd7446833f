import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { startMailCatcher } from "../lib/dev-mail/catcher";

/**
 * `npm run demo` (after `next build`): `npm start`'s server (scripts/start.ts) in demo mode. The demo flag is set here rather than in
 * package.json so the command works the same in every shell (no `VAR=value cmd` on Windows).
 * Extra arguments go to it (`npm run demo -- -p 4000`).
 *
 * Unless BACKROOM_SMTP_URL is set, a local SMTP server (lib/dev-mail) catches the demo's e-mails
 * (invitations, password resets, webhook warnings); the app shows them at /dev/mail.
 */
const require = createRequire(import.meta.url);
const start = require.resolve("./start.ts");
const mail = process.env.BACKROOM_SMTP_URL ? null : await startMailCatcher();
if (mail)
  console.log(`Demo mail: a local SMTP server at ${mail.smtpUrl} catches e-mail; read it at /dev/mail.`);
const child = spawn(process.execPath, [require.resolve("tsx/cli"), start, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    BACKROOM_DEMO: "true",
    ...(mail ? { BACKROOM_SMTP_URL: mail.smtpUrl, BACKROOM_DEV_MAIL_URL: mail.inboxUrl } : {}),
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  void mail?.close();
  process.exit(code ?? (signal ? 1 : 0));
});
