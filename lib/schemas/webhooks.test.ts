import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { NEW_WEBHOOK_HEALTH } from "../testing/webhook-fixtures";
import {
  allowPrivateWebhookUrls,
  isPrivateWebhookHost,
  isPublicIpAddress,
  webhookUrlProblem,
} from "../webhooks/url-policy";
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookSchema,
} from "./webhooks";

const ALLOW = "BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS";

function createBody(url: string, token: string | null = "s3cr3t-token-abcd") {
  return {
    webhook: {
      callback: { url, auth: token === null ? null : { bearer: { token } } },
      topic: "return",
    },
  };
}

function urlIssues(url: string): string[] {
  const result = createWebhookRequestSchema.safeParse(createBody(url));
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const PRIVATE_URLS = [
  "https://127.0.0.1/hook",
  "https://127.1.2.3:8443/hook",
  "https://2130706433/hook", // 127.0.0.1 as one number
  "https://0x7f.1/hook",
  "https://0177.0.0.1/hook", // octal
  "https://127.0.0.1./hook",
  "https://10.0.0.5/hook",
  "https://172.16.3.4/hook",
  "https://192.168.1.10/hook",
  "https://169.254.169.254/latest/meta-data/",
  "https://100.64.0.1/hook",
  "https://0.0.0.0/hook",
  "https://[::1]/hook",
  "https://[::]/hook",
  "https://[fc00::]/hook",
  "https://[fd12:3456::1]/hook",
  "https://[fe80::1]/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://[::ffff:10.0.0.1]/hook",
  "https://[::ffff:a9fe:a9fe]/hook", // 169.254.169.254, IPv4-mapped
  "https://[0:0:0:0:0:0:0:1]/hook",
  "https://[64:ff9b::7f00:1]/hook",
  "https://localhost/hook",
  "https://LOCALHOST./hook",
  "https://localhost:3000/hook",
  "https://api.localhost/hook",
];

describe("webhook callback URL", () => {
  beforeEach(() => {
    vi.stubEnv(ALLOW, "");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("accepts public https URLs", () => {
    for (const url of [
      "https://example.com/webhooks",
      "https://example.com:8443/a/b?c=d#e",
      "HTTPS://Example.COM/x",
      "https://8.8.8.8/hook",
      "https://[2606:4700:4700::1111]/hook",
      "https://bücher.example/hook",
      `https://example.com/${"a".repeat(2048 - "https://example.com/".length)}`,
    ]) {
      expect(urlIssues(url), url).toEqual([]);
    }
  });

  it("refuses http://", () => {
    expect(urlIssues("http://example.com/hook")).toEqual(["webhook.callback.url: Must use https://."]);
  });

  it("refuses other schemes and strings that are not absolute URLs", () => {
    for (const url of [
      "ftp://example.com/x",
      "javascript:alert(1)",
      "example.com/hook",
      "/hook",
      "",
      "https://",
      "https:example.com",
      "https:///example.com",
      "https://exa mple.com/",
      " https://example.com/",
      "https://example.com/a b",
      "https://example.com\\@evil.test/",
      "https://example.com/\n",
      "https://example.com:99999/",
    ]) {
      expect(urlIssues(url), JSON.stringify(url)).toHaveLength(1);
    }
  });

  it("refuses user info", () => {
    for (const url of [
      "https://user:pass@example.com/hook",
      "https://user@example.com/hook",
      "https://:pass@example.com/hook",
      "https://@example.com/hook",
    ]) {
      expect(urlIssues(url), url).toEqual([
        "webhook.callback.url: Must not contain user info (user:password@).",
      ]);
    }
  });

  it("refuses URLs longer than 2,048 characters with one issue", () => {
    const url = `https://example.com/${"a".repeat(2049 - "https://example.com/".length)}`;
    expect(url).toHaveLength(2049);
    expect(urlIssues(url)).toEqual(["webhook.callback.url: Must be at most 2048 characters."]);
  });

  it("refuses loopback, private, link-local, CGNAT, unique-local and metadata hosts and localhost", () => {
    for (const url of PRIVATE_URLS) {
      const issues = urlIssues(url);
      expect(issues, url).toHaveLength(1);
      expect(issues[0], url).toMatch(/localhost or a loopback, private, link-local/);
    }
  });

  it("allows http and private hosts with BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS=true, read at validation time", () => {
    vi.stubEnv(ALLOW, "true");
    expect(allowPrivateWebhookUrls()).toBe(true);
    for (const url of [...PRIVATE_URLS, "http://127.0.0.1:4000/hook", "http://localhost/hook"]) {
      expect(urlIssues(url), url).toEqual([]);
    }
    // The other rules still hold.
    expect(urlIssues("https://user:pass@127.0.0.1/")).toHaveLength(1);
    expect(urlIssues("ftp://127.0.0.1/")).toHaveLength(1);

    vi.stubEnv(ALLOW, "false");
    expect(allowPrivateWebhookUrls()).toBe(false);
    expect(urlIssues("http://127.0.0.1:4000/hook")).toHaveLength(1);
  });

  // Every IPv6 form that carries an IPv4 address, in the spellings URL#hostname and DNS answers give.
  const EMBEDDING_NON_PUBLIC = [
    ["IPv4-compatible loopback", "https://[::127.0.0.1]/"],
    ["IPv4-compatible, hex", "https://[::7f00:1]/"],
    ["IPv4-compatible metadata", "https://[::169.254.169.254]/"],
    ["IPv4-compatible private", "https://[::10.0.0.1]/"],
    ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped private, hex", "https://[::ffff:c0a8:1]/"],
    ["SIIT translated", "https://[::ffff:0:127.0.0.1]/"],
    ["NAT64 loopback", "https://[64:ff9b::127.0.0.1]/"],
    ["NAT64 metadata", "https://[64:ff9b::a9fe:a9fe]/"],
    ["local-use NAT64 private", "https://[64:ff9b:1::10.0.0.1]/"],
    ["6to4 of loopback", "https://[2002:7f00:1::1]/"],
    ["6to4 of private", "https://[2002:c0a8:101::1]/"],
    ["Teredo", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/"],
  ] as const;

  it.each(EMBEDDING_NON_PUBLIC)(
    "refuses an IPv6 literal embedding a non-public IPv4 address: %s",
    (_name, url) => {
      const issues = urlIssues(url);
      expect(issues, url).toHaveLength(1);
      expect(issues[0], url).toMatch(/non-public address/);
      const host = new URL(url).hostname;
      expect(isPublicIpAddress(host), host).toBe(false);
    },
  );

  it("judges NAT64 and compatible forms by the IPv4 address they carry (a DNS64 network reaches public hosts)", () => {
    expect(isPublicIpAddress("64:ff9b::8.8.8.8")).toBe(true);
    expect(isPublicIpAddress("64:ff9b:1::8.8.8.8")).toBe(true);
    expect(isPublicIpAddress("::ffff:8.8.8.8")).toBe(true);
    expect(isPublicIpAddress("::8.8.8.8")).toBe(true);
    expect(isPublicIpAddress("64:ff9b::10.0.0.1")).toBe(false);
    // Tunnelling forms are refused whatever they carry.
    expect(isPublicIpAddress("2002:808:808::1")).toBe(false);
  });

  it("exposes the address checks for delivery-time use", () => {
    expect(isPublicIpAddress("8.8.8.8")).toBe(true);
    expect(isPublicIpAddress("2606:4700:4700::1111")).toBe(true);
    expect(isPublicIpAddress("[2606:4700:4700::1111]")).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:192.168.0.1",
    ]) {
      expect(isPublicIpAddress(address), address).toBe(false);
    }
    expect(isPublicIpAddress("example.com")).toBe(false);
    expect(isPrivateWebhookHost("example.com")).toBe(false);
    expect(isPrivateWebhookHost("[::1]")).toBe(true);
    expect(webhookUrlProblem("http://localhost/", { allowPrivate: true })).toBeNull();
    expect(webhookUrlProblem("http://localhost/", { allowPrivate: false })).toBe("Must use https://.");
  });
});

describe("webhook token", () => {
  const tokenIssues = (token: string) => {
    const result = createWebhookRequestSchema.safeParse(createBody("https://example.com/", token));
    return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
  };

  it("accepts 1..512 visible ASCII characters", () => {
    expect(tokenIssues("x")).toEqual([]);
    expect(tokenIssues("!~abcXYZ019-._~+/=")).toEqual([]);
    expect(tokenIssues("a".repeat(512))).toEqual([]);
  });

  it("refuses empty, too long, spaces, controls and non-ASCII", () => {
    for (const token of [
      "",
      "a".repeat(513),
      "has space",
      " lead",
      "tab\there",
      "new\nline",
      "caf\u00e9",
      "••••abcd",
      "\u007f",
    ]) {
      expect(tokenIssues(token), JSON.stringify(token)).toEqual(["webhook.callback.auth.bearer.token"]);
    }
  });

  it("accepts auth: null and requires the auth key", () => {
    expect(createWebhookRequestSchema.safeParse(createBody("https://example.com/", null)).success).toBe(true);
    const missing = createWebhookRequestSchema.safeParse({
      webhook: { callback: { url: "https://example.com/" }, topic: "return" },
    });
    expect(missing.success).toBe(false);
  });
});

describe("create webhook request", () => {
  it("leaves kind and payload optional (upsertWebhook defaults them) and takes externalId, backfill", () => {
    const parsed = createWebhookRequestSchema.parse(createBody("https://example.com/"));
    expect(parsed.webhook.kind).toBeUndefined();
    expect(parsed.webhook.externalId).toBeUndefined();
    const full = createWebhookRequestSchema.parse({
      webhook: {
        ...createBody("https://example.com/").webhook,
        kind: "loop",
        payload: "thin",
        extraEventTypes: ["test", "deleted"],
        externalId: "erp-1",
        backfill: true,
      },
    });
    expect(full.webhook).toMatchObject({
      kind: "loop",
      payload: "thin",
      extraEventTypes: ["test", "deleted"],
      externalId: "erp-1",
      backfill: true,
    });
    expect(
      createWebhookRequestSchema.parse({
        webhook: { ...createBody("https://example.com/").webhook, externalId: null },
      }).webhook.externalId,
    ).toBeNull();
  });

  it("refuses unknown keys at every level", () => {
    const base = createBody("https://example.com/");
    const variants: unknown[] = [
      { ...base, extra: 1 },
      { webhook: { ...base.webhook, secret: "x" } },
      { webhook: { ...base.webhook, callback: { ...base.webhook.callback, headers: {} } } },
      {
        webhook: {
          ...base.webhook,
          callback: { url: "https://example.com/", auth: { bearer: { token: "abc" }, basic: {} } },
        },
      },
      {
        webhook: {
          ...base.webhook,
          callback: { url: "https://example.com/", auth: { bearer: { token: "abc", scheme: "x" } } },
        },
      },
    ];
    for (const body of variants) {
      const result = createWebhookRequestSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
    }
  });

  it("refuses bad topic, kind, payload, opt-ins and externalId", () => {
    const base = createBody("https://example.com/").webhook;
    for (const webhook of [
      { ...base, topic: "order" },
      { ...base, topic: undefined },
      { ...base, kind: "full" },
      { ...base, kind: "thin" },
      { ...base, payload: "redo" },
      { ...base, extraEventTypes: ["created"] },
      { ...base, extraEventTypes: ["test", "test"] },
      { ...base, externalId: "" },
      { ...base, externalId: "x".repeat(256) },
      { ...base, externalId: 5 },
      { ...base, backfill: "yes" },
    ]) {
      expect(createWebhookRequestSchema.safeParse({ webhook }).success, JSON.stringify(webhook)).toBe(false);
    }
    expect(
      createWebhookRequestSchema.safeParse({ webhook: { ...base, externalId: "x".repeat(255) } }).success,
    ).toBe(true);
  });
});

describe("update webhook request", () => {
  const callback = { url: "https://example.com/", auth: { bearer: { token: "abcdef" } } };

  it("requires callback only (as published); externalId and our settings optional", () => {
    expect(updateWebhookRequestSchema.parse({ webhook: { callback, externalId: null } }).webhook).toEqual({
      callback,
      externalId: null,
    });
    expect(updateWebhookRequestSchema.parse({ webhook: { callback } }).webhook).toEqual({ callback });
    expect(updateWebhookRequestSchema.safeParse({ webhook: { externalId: "a" } }).success).toBe(false);
    expect(
      updateWebhookRequestSchema.parse({
        webhook: { callback, externalId: "a", topic: "return", kind: "loop", payload: "thin" },
      }).webhook,
    ).toMatchObject({ kind: "loop", payload: "thin" });
  });

  it("accepts a callback without auth and the masked token as read (both keep the token)", () => {
    const url = "https://example.com/";
    expect(
      updateWebhookRequestSchema.parse({ webhook: { callback: { url }, externalId: null } }).webhook.callback,
    ).toEqual({ url });
    for (const token of ["••••abcd", "••••"]) {
      const body = { webhook: { callback: { url, auth: { bearer: { token } } } } };
      expect(updateWebhookRequestSchema.safeParse(body).success, token).toBe(true);
    }
    for (const token of ["••••ab", "••••abcd1", "ab••••"]) {
      const body = { webhook: { callback: { url, auth: { bearer: { token } } } } };
      expect(updateWebhookRequestSchema.safeParse(body).success, token).toBe(false);
    }
  });

  it("refuses unknown keys (including read-only response fields) and bad URLs", () => {
    expect(
      updateWebhookRequestSchema.safeParse({ webhook: { callback, externalId: null, id: "whk_x" } }).success,
    ).toBe(false);
    expect(
      updateWebhookRequestSchema.safeParse({ webhook: { callback, externalId: null, backfill: true } })
        .success,
    ).toBe(false);
    expect(
      updateWebhookRequestSchema.safeParse({
        webhook: { callback: { ...callback, url: "http://example.com/" }, externalId: null },
      }).success,
    ).toBe(false);
  });
});

describe("webhook response schema", () => {
  const webhook = {
    id: "whk_3ZbQ9mX2kT7vLp0aYc1RfD",
    callback: { url: "https://example.com/", auth: { bearer: { token: "••••abcd" } } },
    topic: "return",
    kind: "redo",
    payload: "snapshot",
    extraEventTypes: [],
    externalId: null,
    createdAt: "2026-01-02T03:04:05.000Z",
    updatedAt: "2026-01-02T03:04:05.000Z",
    health: NEW_WEBHOOK_HEALTH,
  };

  it("parses a webhook and allows auth: null", () => {
    expect(webhookResponseSchema.parse({ webhook })).toEqual({ webhook });
    expect(
      webhookSchema.parse({ ...webhook, callback: { url: webhook.callback.url, auth: null } }),
    ).toBeTruthy();
    expect(webhookListResponseSchema.parse({ webhooks: [webhook] }).webhooks).toHaveLength(1);
  });

  it("converts to JSON Schema with components", () => {
    const registry = z.globalRegistry;
    const schema = z.toJSONSchema(registry, { target: "draft-2020-12", io: "output" });
    expect(Object.keys(schema.schemas)).toEqual(expect.arrayContaining(["Webhook", "WebhookResponse"]));
    expect(() => z.toJSONSchema(webhookResponseSchema)).not.toThrow();
    expect(() => z.toJSONSchema(createWebhookRequestSchema, { io: "input" })).not.toThrow();
    expect(() => z.toJSONSchema(updateWebhookRequestSchema, { io: "input" })).not.toThrow();
    // Components are generated in output mode: optional request fields must stay optional there.
    const request = z.toJSONSchema(createWebhookRequestSchema, { io: "output" }) as {
      $defs: Record<string, { properties: Record<string, { required?: string[]; properties?: unknown }> }>;
    };
    expect(request.$defs.CreateWebhookRequest?.properties.webhook?.required).toEqual(["callback", "topic"]);
    const json = z.toJSONSchema(webhookSchema) as { $defs: Record<string, { required?: string[] }> };
    expect(json.$defs.Webhook?.required).toEqual(
      expect.arrayContaining(["id", "callback", "topic", "kind", "externalId", "createdAt", "updatedAt"]),
    );
  });
});
