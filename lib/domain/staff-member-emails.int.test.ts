import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailCatcher, startMailCatcher } from "../dev-mail/catcher";
import { setupDemoTestDatabase } from "../testing/demo-database";
import { channelSender } from "../webhooks/notifications/channels";
import { NotificationWorker } from "../webhooks/notifications/worker";
import { findUserBySetPasswordToken, setPasswordWithToken } from "./password-links";
import { addStaffMember, reissueSetPasswordLink } from "./staff-members";

const demo = setupDemoTestDatabase();
let mail: MailCatcher;
const saved = { smtp: process.env.BACKROOM_SMTP_URL, publicUrl: process.env.BACKROOM_PUBLIC_URL };

beforeAll(async () => {
  mail = await startMailCatcher();
  process.env.BACKROOM_SMTP_URL = mail.smtpUrl;
  process.env.BACKROOM_PUBLIC_URL = "http://backroom.test";
});
afterAll(async () => {
  for (const [name, value] of [
    ["BACKROOM_SMTP_URL", saved.smtp],
    ["BACKROOM_PUBLIC_URL", saved.publicUrl],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await mail.close();
});

const send = () =>
  new NotificationWorker({
    db: demo.db,
    send: channelSender({ smtpUrl: mail.smtpUrl, mailFrom: "b@test.example" }),
  }).drain();

function linkToken(text: string): string {
  const match = /http:\/\/backroom\.test\/set-password\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no set-password link in: ${text}`);
  return match[1];
}

describe("set-password links by e-mail", () => {
  it("e-mails an invitation whose link sets the password, and a new link as a reset", async () => {
    const added = await addStaffMember(demo.db, demo.storeId, {
      email: "invited.by.mail@test.example",
      name: "Ines Invited",
      role: "editor",
    });
    expect(added.link?.emailedTo).toBe("invited.by.mail@test.example");
    await send();
    const invitation = await mail.waitFor((m) => m.to.includes("invited.by.mail@test.example"));
    expect(invitation.subject).toMatch(/^You are invited to /);
    const token = linkToken(invitation.text);
    expect(token).toBe(added.link?.token);
    expect(await findUserBySetPasswordToken(demo.db, token)).toMatchObject({ name: "Ines Invited" });
    expect(await setPasswordWithToken(demo.db, token, "a long enough passphrase 42")).toEqual({
      email: "invited.by.mail@test.example",
    });

    const reset = await reissueSetPasswordLink(demo.db, demo.storeId, added.member.id);
    await send();
    const resetMail = await mail.waitFor((m) => m.subject.startsWith("Set your Backroom password"));
    expect(linkToken(resetMail.text)).toBe(reset.token);
  });

  it("e-mails nothing without an SMTP server: the link is handed over", async () => {
    delete process.env.BACKROOM_SMTP_URL;
    try {
      const added = await addStaffMember(demo.db, demo.storeId, {
        email: "no.mail@test.example",
        name: "No Mail",
        role: "viewer",
      });
      expect(added.link).toMatchObject({ emailedTo: null });
      await send();
      expect(mail.messages().some((m) => m.to.includes("no.mail@test.example"))).toBe(false);
    } finally {
      process.env.BACKROOM_SMTP_URL = mail.smtpUrl;
    }
  });
});
