import { notFound } from "next/navigation";
import { readConfig } from "@/lib/config";
import { type CaughtMail, readInbox } from "@/lib/dev-mail/inbox";

export const metadata = { title: "Demo mail" };
export const dynamic = "force-dynamic";

/**
 * The demo's inbox: the e-mails the app sent to the local SMTP server `npm run demo` started (lib/dev-mail).
 * Exists only in demo mode with that server's address set; anywhere else it is a 404.
 */
export default async function DemoMailPage() {
  const config = readConfig();
  if (!config.demo || !config.devMailUrl) notFound();
  let messages: CaughtMail[] = [];
  let error: string | null = null;
  try {
    messages = await readInbox(config.devMailUrl);
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <header>
        <h1 className="text-xl font-semibold text-slate-900">Demo mail</h1>
        <p className="text-sm text-slate-600">
          What this demo e-mailed (invitations, password resets, webhook warnings), caught by its local SMTP
          server. Nothing here left this machine. Newest first.
        </p>
      </header>
      {error ? <p className="text-sm text-red-700">The mail catcher did not answer: {error}</p> : null}
      {messages.length === 0 && !error ? <p className="text-sm text-slate-600">No e-mail yet.</p> : null}
      <ul className="space-y-3">
        {messages.map((mail) => (
          <li key={mail.id} className="rounded-md bg-white p-4 ring-1 ring-slate-200">
            <h2 className="font-medium text-slate-900">{mail.subject}</h2>
            <p className="text-xs text-slate-600">
              To {mail.to.join(", ")} · {mail.receivedAt.replace("T", " ").slice(0, 19)} UTC
            </p>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
              {mail.text}
            </pre>
          </li>
        ))}
      </ul>
    </main>
  );
}
