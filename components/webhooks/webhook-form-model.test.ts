import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Webhook } from "@/lib/schemas/webhooks";
import { NEW_WEBHOOK_HEALTH } from "@/lib/testing/webhook-fixtures";
import {
  errorsFromIssues,
  initialFormValues,
  toCreateInput,
  toUpdateInput,
  validateWebhookForm,
  type WebhookFormValues,
} from "./webhook-form-model";

const saved = process.env.BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS;
beforeEach(() => {
  delete process.env.BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS;
});
afterEach(() => {
  if (saved === undefined) delete process.env.BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS;
  else process.env.BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS = saved;
});

const webhook: Webhook = {
  id: "whk_1",
  callback: { url: "https://hooks.example.com/in", auth: { bearer: { token: "••••abcd" } } },
  topic: "return",
  kind: "loop",
  payload: "thin",
  extraEventTypes: ["test"],
  externalId: "erp-1",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  health: NEW_WEBHOOK_HEALTH,
};

const values = (patch: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  ...initialFormValues(),
  url: "https://hooks.example.com/in",
  ...patch,
});

describe("webhook form requests", () => {
  it("never puts the masked token into an edit: an empty token keeps it, removeToken drops it", () => {
    const edit = initialFormValues(webhook);
    expect(edit.token).toBe("");
    expect(toUpdateInput(edit)).toEqual({
      callback: { url: "https://hooks.example.com/in" },
      externalId: "erp-1",
      topic: "return",
      kind: "loop",
      payload: "thin",
      extraEventTypes: ["test"],
    });
    expect(toUpdateInput({ ...edit, removeToken: true }).callback).toEqual({
      url: "https://hooks.example.com/in",
      auth: null,
    });
    expect(toUpdateInput({ ...edit, token: "new-secret-1" }).callback.auth).toEqual({
      bearer: { token: "new-secret-1" },
    });
    expect(toUpdateInput({ ...edit, externalId: "  " }).externalId).toBeNull();
  });

  it("creates with auth null without a token, trims the url and sends backfill only when asked", () => {
    expect(toCreateInput(values({ url: " https://h.example.com/ " }))).toEqual({
      callback: { url: "https://h.example.com/", auth: null },
      topic: "return",
      kind: "redo",
      payload: "snapshot",
    });
    expect(toCreateInput(values({ token: "t0k", externalId: "k", backfill: true }))).toMatchObject({
      callback: { auth: { bearer: { token: "t0k" } } },
      externalId: "k",
      backfill: true,
    });
  });
});

describe("validateWebhookForm", () => {
  it("accepts a valid form", () => {
    expect(validateWebhookForm(values(), "create")).toBeNull();
    expect(validateWebhookForm(initialFormValues(webhook), "edit")).toBeNull();
  });

  it("reports each bad field with the API schema's message", () => {
    const errors = validateWebhookForm(
      values({ url: "", token: "has space", externalId: "x".repeat(256) }),
      "create",
    );
    expect(errors).toEqual({
      url: "Enter the URL that receives the events.",
      token: "Must contain only visible ASCII characters (no spaces).",
      externalId: "Must be at most 255 characters.",
    });
    expect(validateWebhookForm(values({ url: "https://user:pw@h.example.com/" }), "edit")?.url).toMatch(
      /user info/,
    );
  });

  it("leaves http:// and private hosts to the server, whose setting decides", () => {
    expect(validateWebhookForm(values({ url: "http://127.0.0.1:4000/hook" }), "create")).toBeNull();
    expect(validateWebhookForm(values({ url: "ftp://h.example.com/" }), "create")?.url).toBe(
      "Must use https://.",
    );
  });
});

describe("errorsFromIssues", () => {
  it("maps server paths to fields, keeping the first message, and the rest to the form", () => {
    expect(
      errorsFromIssues([
        { path: "webhook.callback.url", message: "Must use https://." },
        { path: "webhook.callback.url", message: "second" },
        { path: "webhook.callback.auth.bearer.token", message: "Too long." },
        { path: "webhook.externalId", message: "Taken." },
        { path: "webhook", message: "Unrecognized key: id" },
      ]),
    ).toEqual({
      url: "Must use https://.",
      token: "Too long.",
      externalId: "Taken.",
      form: "webhook: Unrecognized key: id",
    });
  });
});
