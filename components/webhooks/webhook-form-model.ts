import type { z } from "zod";
import type { FieldIssue } from "@/lib/client/api-client";
import type { ExtraEventType, WebhookKind, WebhookPayload, WebhookTopic } from "@/lib/enums";
import {
  type CreateWebhookInput,
  createWebhookInputSchema,
  type UpdateWebhookInput,
  updateWebhookInputSchema,
  type Webhook,
} from "@/lib/schemas/webhooks";
import { webhookUrlProblem } from "@/lib/webhooks/url-policy";

/**
 * The webhook form's values, what they become in a request, and where errors go. Validation uses the
 * API's own request schemas; only the rules that depend on a server setting (http:// and private hosts,
 * allowed with BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS) are left to the server, whose message is then shown.
 */

export type WebhookFormValues = {
  url: string;
  /** Empty on edit means "keep the current token". */
  token: string;
  /** Edit only: send `auth: null`. */
  removeToken: boolean;
  topic: WebhookTopic;
  /** The published kind (redo | loop): stored and echoed only. */
  kind: WebhookKind;
  payload: WebhookPayload;
  /** Opt-ins beyond the published event types (only meaningful for the `return` topic). */
  extraEventTypes: ExtraEventType[];
  externalId: string;
  /** Create only. */
  backfill: boolean;
};

export type WebhookFormField =
  | "url"
  | "token"
  | "topic"
  | "kind"
  | "payload"
  | "extraEventTypes"
  | "externalId"
  | "backfill";
export type WebhookFormErrors = Partial<Record<WebhookFormField | "form", string>>;

export function initialFormValues(webhook?: Webhook): WebhookFormValues {
  return {
    url: webhook?.callback.url ?? "",
    token: "",
    removeToken: false,
    topic: webhook?.topic ?? "return",
    kind: webhook?.kind ?? "redo",
    payload: webhook?.payload ?? "snapshot",
    extraEventTypes: webhook?.extraEventTypes ?? [],
    externalId: webhook?.externalId ?? "",
    backfill: false,
  };
}

export function toCreateInput(values: WebhookFormValues): CreateWebhookInput {
  const externalId = values.externalId.trim();
  return {
    callback: { url: values.url.trim(), auth: values.token ? { bearer: { token: values.token } } : null },
    topic: values.topic,
    kind: values.kind,
    payload: values.payload,
    ...(values.extraEventTypes.length > 0 ? { extraEventTypes: values.extraEventTypes } : {}),
    ...(externalId ? { externalId } : {}),
    ...(values.backfill ? { backfill: true } : {}),
  };
}

export function toUpdateInput(values: WebhookFormValues): UpdateWebhookInput {
  const externalId = values.externalId.trim();
  // An omitted auth keeps the stored token: the form only ever saw it masked.
  const auth = values.removeToken
    ? { auth: null }
    : values.token
      ? { auth: { bearer: { token: values.token } } }
      : {};
  return {
    callback: { url: values.url.trim(), ...auth },
    externalId: externalId || null,
    topic: values.topic,
    kind: values.kind,
    payload: values.payload,
    extraEventTypes: values.extraEventTypes,
  };
}

const FIELD_BY_PATH: [prefix: string, field: WebhookFormField][] = [
  ["callback.url", "url"],
  ["callback.auth", "token"],
  ["topic", "topic"],
  ["kind", "kind"],
  ["payload", "payload"],
  ["extraEventTypes", "extraEventTypes"],
  ["externalId", "externalId"],
  ["backfill", "backfill"],
];

/** Field issues (client `callback.url` or server `webhook.callback.url` paths) as one message per field. */
export function errorsFromIssues(issues: readonly FieldIssue[]): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^webhook\.?/, "");
    const field = FIELD_BY_PATH.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
    const key = field ?? "form";
    errors[key] ??= field ? issue.message : `${issue.path || "Request"}: ${issue.message}`;
  }
  return errors;
}

function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

/** A URL problem that only the server can judge: it goes away when private URLs are allowed. */
function dependsOnServerSetting(issue: FieldIssue, url: string): boolean {
  return issue.path === "callback.url" && webhookUrlProblem(url, { allowPrivate: true }) === null;
}

/** The form's errors before sending, or null when the request may go. */
export function validateWebhookForm(
  values: WebhookFormValues,
  mode: "create" | "edit",
): WebhookFormErrors | null {
  const result =
    mode === "create"
      ? createWebhookInputSchema.safeParse(toCreateInput(values))
      : updateWebhookInputSchema.safeParse(toUpdateInput(values));
  if (result.success) return null;
  const url = values.url.trim();
  const issues = zodIssues(result.error).filter((issue) => !dependsOnServerSetting(issue, url));
  if (issues.length === 0) return null;
  const errors = errorsFromIssues(issues);
  if (errors.url && url === "") errors.url = "Enter the URL that receives the events.";
  return errors;
}
