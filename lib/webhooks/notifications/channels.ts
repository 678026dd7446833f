import nodemailer from "nodemailer";
import { sendWebhookAttempt } from "../send";
import type { LookupAll } from "../ssrf";

/** What a channel's sender is handed: the outbox row's message. */
export type OutgoingMessage = {
  id: string;
  channel: "email" | "chat";
  recipient: string;
  subject: string;
  body: string;
  /** E-mail only: a text file sent with the message (a scheduled report's CSV). */
  attachment?: { filename: string; contentType: string; content: string } | null;
};

/** Resolves when the message was accepted (SMTP 250, chat 2xx); throws with the reason otherwise. */
export type SendNotification = (message: OutgoingMessage) => Promise<void>;

const SEND_TIMEOUT_MS = 15_000;

export type ChannelSenderOptions = {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Chat URLs on private hosts (the development setting, read per send, unless given). */
  allowPrivate?: boolean;
  /** The chat host's resolver for the SSRF check (system DNS unless given; tests inject one). */
  lookup?: LookupAll;
};

/**
 * The production sender: e-mail through one pooled nodemailer transport per SMTP URL, chat as the JSON
 * `{ text }` that Slack, Mattermost, Google Chat and Teams' incoming webhooks all accept.
 */
export function channelSender(options: ChannelSenderOptions): SendNotification {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, {
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      })
    : null;
  return async (message) => {
    if (message.channel === "email") {
      if (!transport) throw new Error("no SMTP server is configured (BACKROOM_SMTP_URL)");
      await transport.sendMail({
        from: options.mailFrom,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        attachments: message.attachment
          ? [
              {
                filename: message.attachment.filename,
                contentType: message.attachment.contentType,
                content: message.attachment.content,
              },
            ]
          : undefined,
        // Stable across retries: a retry after a lost reply carries the same Message-ID, which mail
        // systems deduplicate on.
        messageId: `<${message.id}@backroom.notifications>`,
      });
      return;
    }
    // The webhook sender's attempt: its connect-time SSRF guard resolves the host, refuses a private,
    // loopback or link-local answer and pins the socket to the address it checked (a chat URL was checked
    // when saved, but DNS can change since).
    const outcome = await sendWebhookAttempt({
      url: message.recipient,
      token: null,
      headers: {},
      body: JSON.stringify({ text: `*${message.subject}*\n${message.body}` }),
      timeoutMs: SEND_TIMEOUT_MS,
      allowPrivate: options.allowPrivate,
      lookup: options.lookup,
    });
    if (!outcome.ok) throw new Error(`chat webhook: ${outcome.error ?? `answered ${outcome.status}`}`);
  };
}
