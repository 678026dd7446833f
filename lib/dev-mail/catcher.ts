import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { CaughtMail } from "./inbox";

export type { CaughtMail } from "./inbox";

export type MailCatcher = {
  /** `smtp://127.0.0.1:<port>`: what BACKROOM_SMTP_URL is set to. */
  smtpUrl: string;
  /** `http://127.0.0.1:<port>`: GET /messages answers the inbox as JSON (BACKROOM_DEV_MAIL_URL). */
  inboxUrl: string;
  messages(): readonly CaughtMail[];
  /** The next `count` sessions' DATA is refused with a temporary 451 (tests of the retry). */
  failNext(count: number): void;
  /** Resolves with the first message (already caught or still to come) that `match` accepts. */
  waitFor(match: (mail: CaughtMail) => boolean): Promise<CaughtMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on localhost for the demo and the tests (smtp-server, by Nodemailer's author, parsed
 * with mailparser): it accepts any sender and recipient without authentication and keeps what it received
 * in memory. Never for production: it relays nothing.
 */
export async function startMailCatcher(
  options: { smtpPort?: number; httpPort?: number } = {},
): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const waiters: { match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }[] = [];
  let refuse = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refuse > 0) {
          refuse -= 1;
          const error = Object.assign(new Error("Try again later (mail catcher told to refuse)"), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: CaughtMail = {
              id: caught.length + 1,
              messageId: parsed.messageId ?? null,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              attachments: parsed.attachments.map((file) => ({
                filename: file.filename ?? "",
                contentType: file.contentType,
                content: file.content.toString("utf8"),
              })),
              receivedAt: new Date().toISOString(),
            };
            caught.push(mail);
            for (const waiter of [...waiters]) {
              if (waiter.match(mail)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(mail);
              }
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.smtpPort ?? 0, "127.0.0.1", () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    if (request.method === "GET" && request.url?.startsWith("/messages")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify([...caught].reverse()));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(options.httpPort ?? 0, "127.0.0.1", () => resolve()));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${httpPort}`,
    messages: () => caught,
    failNext(count) {
      refuse = count;
    },
    waitFor(match) {
      const found = caught.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async close() {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]);
    },
  };
}
