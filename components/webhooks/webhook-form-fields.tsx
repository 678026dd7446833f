"use client";

import { useState } from "react";
import { describedBy, Field, Select, TextInput } from "@/components/ui/field";
import { humanize } from "@/lib/client/format";
import {
  EXTRA_EVENT_TYPES,
  type ExtraEventType,
  WEBHOOK_KINDS,
  WEBHOOK_PAYLOADS,
  WEBHOOK_TOPICS,
  type WebhookKind,
  type WebhookPayload,
  type WebhookTopic,
} from "@/lib/enums";
import type { Webhook } from "@/lib/schemas/webhooks";
import { TOPIC_SUBJECTS } from "./topic-words";
import type { WebhookFormErrors, WebhookFormValues } from "./webhook-form-model";

/** Payload hints by topic: what "the full record" is differs (a return comes with its order). */
const SNAPSHOT_HINTS: Record<WebhookTopic, string> = {
  return: "Each event carries the full return and its order, as they stood when the change happened.",
  inventory_item: "Each event carries the full inventory item with its stock, as it stood after the change.",
  inbound_shipment:
    "Each event carries the full inbound shipment with its items, as it stood after the change.",
  transfer: "Each event carries the full transfer with its lines, as it stood after the change.",
  supplier_claim:
    "Each event carries the full supplier claim with its lines and history, as it stood after the change.",
  alert:
    "Each event carries the alert rule and what happened: firing or cleared, the subject, the count and the link.",
};
const payloadHint = (payload: WebhookPayload, topic: WebhookTopic) =>
  payload === "snapshot"
    ? SNAPSHOT_HINTS[topic]
    : `Each event carries only the ${TOPIC_SUBJECTS[topic].one}'s id and the event type; your system fetches the rest.`;

const KIND_LABELS: Record<WebhookKind, string> = { redo: "Redo", loop: "Loop" };
const KIND_HINT =
  "The integration kind clients of the published API may set. Stored and shown; it does not change what is sent.";

const EXTRA_EVENT_LABELS: Record<ExtraEventType, { label: string; hint: string }> = {
  test: {
    label: "Test events as such",
    hint: "“Send test event” sends an event of type test. Without it, the test is an updated event of the latest return.",
  },
  deleted: { label: "Deleted events", hint: "Events of type deleted, beyond created, updated and backfill." },
};

const CHECKBOX =
  "mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600";

type Props = {
  idPrefix: string;
  mode: "create" | "edit";
  webhook?: Webhook;
  values: WebhookFormValues;
  errors: WebhookFormErrors;
  onChange: (patch: Partial<WebhookFormValues>) => void;
};

/** How each topic reads in the picker: what it is about and which changes send an event. */
const TOPIC_LABELS: Record<WebhookTopic, string> = {
  return: "Returns (created and updated)",
  inventory_item: "Inventory items (stock changes)",
  inbound_shipment: "Inbound shipments (created, updated and cancelled)",
  transfer: "Transfers (created, shipped, received, closed and cancelled)",
  supplier_claim: "Supplier claims (drafted, lines added, sent, credited and rejected)",
  alert: "Alerts (a saved view's or a built-in alert fired or cleared)",
};

export function WebhookFormFields({ idPrefix, mode, webhook, values, errors, onChange }: Props) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const urlHint = "Where events are POSTed. Must use https://.";
  const externalIdHint =
    mode === "create"
      ? "Optional key of your own. If another webhook of this store has it, that webhook is updated instead."
      : "Optional key of your own, unique within the store. Leave empty for none.";
  return (
    <div className="space-y-5">
      <Field id={id("url")} label="Endpoint URL" hint={urlHint} error={errors.url}>
        <TextInput
          {...describedBy(id("url"), errors.url, urlHint)}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/backroom"
          value={values.url}
          onChange={(event) => onChange({ url: event.target.value })}
        />
      </Field>

      <TokenField
        idPrefix={idPrefix}
        mode={mode}
        webhook={webhook}
        values={values}
        errors={errors}
        onChange={onChange}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("topic")} label="Topic" error={errors.topic}>
          <Select
            {...describedBy(id("topic"), errors.topic)}
            value={values.topic}
            onChange={(event) => onChange({ topic: event.target.value as WebhookTopic })}
          >
            {WEBHOOK_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {TOPIC_LABELS[topic]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id("externalId")} label="External id" hint={externalIdHint} error={errors.externalId}>
          <TextInput
            {...describedBy(id("externalId"), errors.externalId, externalIdHint)}
            autoComplete="off"
            spellCheck={false}
            value={values.externalId}
            onChange={(event) => onChange({ externalId: event.target.value })}
          />
        </Field>
      </div>

      <fieldset aria-describedby={errors.payload ? id("payload-error") : undefined}>
        <legend className="text-sm font-medium text-slate-800">Payload</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_PAYLOADS.map((payload) => (
            <label
              key={payload}
              className="flex cursor-pointer gap-3 rounded-md p-3 ring-1 ring-slate-300 has-[:checked]:bg-indigo-50 has-[:checked]:ring-2 has-[:checked]:ring-indigo-600"
            >
              <input
                type="radio"
                name={id("payload")}
                value={payload}
                checked={values.payload === payload}
                onChange={() => onChange({ payload })}
                className="mt-0.5 size-4 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{humanize(payload)}</span>
                <span className="block text-xs text-slate-600">{payloadHint(payload, values.topic)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.payload ? (
          <p id={id("payload-error")} className="mt-1 text-sm text-red-700">
            {errors.payload}
          </p>
        ) : null}
      </fieldset>

      {values.topic === "return" ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Also send</legend>
          <p className="text-xs text-slate-600">
            Created, updated and backfill events are always sent. These other event types go only to webhooks
            that ask.
          </p>
          <div className="mt-2 space-y-2">
            {EXTRA_EVENT_TYPES.map((type) => (
              <label key={type} className="flex gap-3 text-sm">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  checked={values.extraEventTypes.includes(type)}
                  onChange={(event) =>
                    onChange({
                      extraEventTypes: EXTRA_EVENT_TYPES.filter((each) =>
                        each === type ? event.target.checked : values.extraEventTypes.includes(each),
                      ),
                    })
                  }
                />
                <span>
                  <span className="block font-medium text-slate-900">{EXTRA_EVENT_LABELS[type].label}</span>
                  <span className="block text-xs text-slate-600">{EXTRA_EVENT_LABELS[type].hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.extraEventTypes ? (
            <p className="mt-1 text-sm text-red-700">{errors.extraEventTypes}</p>
          ) : null}
        </fieldset>
      ) : null}

      <Field id={id("kind")} label="Kind" hint={KIND_HINT} error={errors.kind}>
        <Select
          {...describedBy(id("kind"), errors.kind, KIND_HINT)}
          value={values.kind}
          onChange={(event) => onChange({ kind: event.target.value as WebhookKind })}
        >
          {WEBHOOK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
      </Field>

      {mode === "create" ? (
        <label className="flex gap-3 text-sm">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={values.backfill}
            onChange={(event) => onChange({ backfill: event.target.checked })}
          />
          <span>
            <span className="block font-medium text-slate-900">
              Send existing {TOPIC_SUBJECTS[values.topic].many} (backfill)
            </span>
            <span className="block text-xs text-slate-600">
              The new webhook receives a backfill event for every {TOPIC_SUBJECTS[values.topic].one} of this
              store, then live events.
            </span>
            {errors.backfill ? <span className="block text-red-700">{errors.backfill}</span> : null}
          </span>
        </label>
      ) : null}
    </div>
  );
}

function TokenField({ idPrefix, mode, webhook, values, errors, onChange }: Props) {
  const [shown, setShown] = useState(false);
  const tokenId = `${idPrefix}-token`;
  const currentToken = webhook?.callback.auth?.bearer.token ?? null;
  const hint =
    mode === "edit" && currentToken
      ? "Leave empty to keep the current token."
      : "Optional. Sent as “Authorization: Bearer <token>” with every delivery.";
  return (
    <div>
      <Field id={tokenId} label="Bearer token" hint={hint} error={errors.token}>
        <div className="relative">
          <TextInput
            {...describedBy(tokenId, errors.token, hint)}
            type={shown ? "text" : "password"}
            // Not the admin's own password: keep password managers from filling or saving it.
            autoComplete="new-password"
            data-1p-ignore
            data-lpignore="true"
            spellCheck={false}
            className="pr-16 font-mono"
            placeholder={mode === "edit" ? (currentToken ?? "No token") : ""}
            disabled={values.removeToken}
            value={values.token}
            onChange={(event) => onChange({ token: event.target.value })}
          />
          <button
            type="button"
            aria-pressed={shown}
            aria-label={shown ? "Hide token" : "Show token"}
            disabled={values.removeToken}
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:text-slate-400"
          >
            {shown ? "Hide" : "Show"}
          </button>
        </div>
      </Field>
      {mode === "edit" && currentToken ? (
        <label className="mt-2 flex gap-3 text-sm">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={values.removeToken}
            onChange={(event) => onChange({ removeToken: event.target.checked, token: "" })}
          />
          <span className="text-slate-800">Remove the token (deliveries carry no Authorization header)</span>
        </label>
      ) : null}
    </div>
  );
}
