import { randomBytes } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateSigningSecret } from "@/lib/domain/webhooks/signing-secret";
import { signingSecretsFor, signPayload, standardWebhookHeaders } from "./signature";

const body = JSON.stringify({ id: "evt_1", type: "created", topic: "return", at: "2025-01-01T00:00:00Z" });

function headersFor(secrets: string[], timestamp = new Date(), msgId = "evt_1") {
  return standardWebhookHeaders({ msgId, timestamp, body, secrets });
}

describe("signPayload", () => {
  it("is verified by the standardwebhooks package", () => {
    const secret = generateSigningSecret();
    expect(new Webhook(secret).verify(body, headersFor([secret]))).toEqual(JSON.parse(body));
  });

  it("produces one v1 entry per secret, current first", () => {
    const current = generateSigningSecret();
    const previous = generateSigningSecret();
    const header = signPayload({ msgId: "evt_1", timestamp: new Date(), body, secrets: [current, previous] });
    const entries = header.split(" ");
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(entries[0]).toBe(signPayload({ msgId: "evt_1", timestamp: new Date(), body, secrets: [current] }));
  });

  it("during rotation verifies with both the current and the previous secret", () => {
    const current = generateSigningSecret();
    const previous = generateSigningSecret();
    const headers = headersFor([current, previous]);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
  });

  it("matches a known vector (HMAC over id.seconds.body with the decoded key)", () => {
    const secret = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
    const timestamp = new Date(1_700_000_000_999);
    const wh = new Webhook(secret);
    expect(signPayload({ msgId: "msg_x", timestamp, body: "{}", secrets: [secret] })).toBe(
      wh.sign("msg_x", timestamp, "{}"),
    );
  });

  it("fails verification for a tampered body", () => {
    const secret = generateSigningSecret();
    expect(() => new Webhook(secret).verify(`${body} `, headersFor([secret]))).toThrow(
      WebhookVerificationError,
    );
  });

  it("fails verification with another secret", () => {
    const headers = headersFor([generateSigningSecret()]);
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow(
      WebhookVerificationError,
    );
  });

  it("fails verification for an old timestamp (replay)", () => {
    const secret = generateSigningSecret();
    const headers = headersFor([secret], new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/timestamp/i);
  });

  it("fails verification when the webhook-id is changed", () => {
    const secret = generateSigningSecret();
    const headers = { ...headersFor([secret]), "webhook-id": "evt_2" };
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it("accepts a secret without the whsec_ prefix", () => {
    const raw = randomBytes(32).toString("base64");
    expect(() => new Webhook(`whsec_${raw}`).verify(body, headersFor([raw]))).not.toThrow();
  });

  it("rejects no secrets, a malformed secret and a bad msgId", () => {
    const timestamp = new Date();
    expect(() => signPayload({ msgId: "evt_1", timestamp, body, secrets: [] })).toThrow();
    expect(() => signPayload({ msgId: "evt_1", timestamp, body, secrets: ["whsec_"] })).toThrow();
    expect(() => signPayload({ msgId: "evt_1", timestamp, body, secrets: ["whsec_not base64!"] })).toThrow();
    expect(() =>
      signPayload({ msgId: "evt 1", timestamp, body, secrets: [generateSigningSecret()] }),
    ).toThrow();
  });
});

describe("signingSecretsFor", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const current = "whsec_Y3VycmVudA==";
  const previous = "whsec_cHJldmlvdXM=";

  it("returns only the current secret when there is no previous one", () => {
    expect(
      signingSecretsFor(
        { signingSecret: current, previousSigningSecret: null, previousSigningSecretExpiresAt: null },
        now,
      ),
    ).toEqual([current]);
  });

  it("returns current and previous while the previous has not expired", () => {
    const row = {
      signingSecret: current,
      previousSigningSecret: previous,
      previousSigningSecretExpiresAt: new Date(now.getTime() + 1),
    };
    expect(signingSecretsFor(row, now)).toEqual([current, previous]);
  });

  it("drops the previous secret at and after its expiry", () => {
    const row = {
      signingSecret: current,
      previousSigningSecret: previous,
      previousSigningSecretExpiresAt: now,
    };
    expect(signingSecretsFor(row, now)).toEqual([current]);
    expect(signingSecretsFor(row, new Date(now.getTime() + 60_000))).toEqual([current]);
  });

  it("ignores a previous secret without an expiry", () => {
    const row = {
      signingSecret: current,
      previousSigningSecret: previous,
      previousSigningSecretExpiresAt: null,
    };
    expect(signingSecretsFor(row, now)).toEqual([current]);
  });
});
