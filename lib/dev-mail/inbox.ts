// The inbox of the local mail catcher (catcher.ts), read over HTTP: no SMTP code, so the app can import it.

/** A message the catcher accepted, as the inbox lists it. */
export type CaughtMail = {
  id: number;
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Files sent with it, their content as UTF-8 text (the reports' CSV). */
  attachments: { filename: string; contentType: string; content: string }[];
  receivedAt: string;
};

/** Reads a running catcher's inbox over HTTP (the /dev/mail page, the e2e specs): newest first. */
export async function readInbox(inboxUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inboxUrl}/messages`, { cache: "no-store" });
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}
