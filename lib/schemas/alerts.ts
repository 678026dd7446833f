import { z } from "zod";
import { ALERT_CONDITIONS, ALERT_RULE_SOURCES, SAVED_VIEW_LISTS } from "../enums";
import { timestampSchema } from "./common";

/**
 * Alerts (docs/notifications.md "Alerts"): a saved view's alert rule, its owner's, and the store's built-in
 * alerts, which its admins configure. Their state (firing or not) is part of each.
 */

export const MAX_ALERT_THRESHOLD = 1_000_000;
/** A week: a condition that must last longer is a report, not an alert. */
export const MAX_ALERT_MINUTES = 7 * 24 * 60;
/** 30 days. */
export const MAX_WAITING_HOURS = 30 * 24;

const stateShape = {
  firing: z.boolean().meta({ description: "Whether a firing was sent and has not cleared." }),
  firingSince: timestampSchema.nullable().meta({ description: "When the firing in force was sent." }),
  lastCount: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Rows the list held at the last evaluation; null before the first." }),
  lastEvaluatedAt: timestampSchema.nullable(),
};

export const alertRuleSchema = z
  .object({
    id: z.string().meta({ example: "alr_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    source: z.enum(ALERT_RULE_SOURCES),
    savedView: z
      .object({ id: z.string(), name: z.string(), list: z.enum(SAVED_VIEW_LISTS), query: z.string() })
      .nullable()
      .meta({ description: "The view it watches; null for a built-in." }),
    condition: z.enum(ALERT_CONDITIONS),
    threshold: z.number().int().meta({ description: "`threshold`: more than this many rows." }),
    minutes: z.number().int().meta({ description: "`threshold`: for at least this many minutes." }),
    ...stateShape,
    createdAt: timestampSchema,
  })
  .meta({ id: "AlertRule" });
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRulesResponseSchema = z
  .object({ alerts: z.array(alertRuleSchema) })
  .meta({ id: "AlertRules" });
export const alertRuleResponseSchema = z.object({ alert: alertRuleSchema }).meta({ id: "AlertRuleResponse" });

const conditionSchema = z.enum(ALERT_CONDITIONS).meta({
  description:
    "`threshold`: tell me when the view lists more than `threshold` rows for `minutes` minutes, and when it " +
    "no longer does. `new_rows`: tell me when a row appears that the view did not list at the previous check " +
    "(every 15 seconds).",
});
const thresholdSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_ALERT_THRESHOLD)
  .meta({ description: "`threshold` only: more than this many rows (0: any row)." });
const minutesSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_ALERT_MINUTES)
  .meta({ description: "`threshold` only: for at least this many minutes (0: at the next check)." });

export const createAlertRuleBodySchema = z
  .strictObject({
    alert: z.strictObject({
      savedViewId: z.string().meta({ description: "The saved view (`svw_…`): your own or a shared one." }),
      condition: conditionSchema,
      threshold: thresholdSchema.default(0),
      minutes: minutesSchema.default(0),
    }),
  })
  .meta({ id: "CreateAlertRuleRequest" });
export type CreateAlertRuleBody = z.infer<typeof createAlertRuleBodySchema>;

/** An alert's condition changed in place; what is left out stays as it is. Its view is not changed. */
export const updateAlertRuleBodySchema = z
  .strictObject({
    alert: z.strictObject({
      condition: conditionSchema.optional(),
      threshold: thresholdSchema.optional(),
      minutes: minutesSchema.optional(),
    }),
  })
  .meta({ id: "UpdateAlertRuleRequest" });
export type UpdateAlertRuleBody = z.infer<typeof updateAlertRuleBodySchema>;

const switchSchema = z.object({ enabled: z.boolean(), ...stateShape });

export const alertSettingsSchema = z
  .object({
    returnsWaiting: switchSchema
      .extend({
        hours: z.number().int().meta({ description: "Waiting for review longer than this many hours." }),
      })
      .meta({
        description:
          "Returns in `needs_review` (arrived, waiting for the merchant's review) whose last update is older " +
          "than `hours`. The message counts every return waiting for review and links to that list, oldest first.",
      }),
    shipmentsLate: switchSchema.meta({
      description:
        "Inbound shipments not yet received and expected before today (UTC): the list's `late` filter.",
    }),
    discrepancies: switchSchema.meta({
      description:
        "Shipment lines that got damaged or missing units, or an overage, since the previous check (every 15 " +
        "seconds). Each check that finds some is one message; there is nothing to clear.",
    }),
  })
  .meta({ id: "AlertSettings" });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const alertSettingsResponseSchema = z
  .object({ alert_settings: alertSettingsSchema })
  .meta({ id: "AlertSettingsResponse" });

export const updateAlertSettingsBodySchema = z
  .strictObject({
    alert_settings: z.strictObject({
      returnsWaiting: z.strictObject({
        enabled: z.boolean(),
        hours: z.number().int().min(1).max(MAX_WAITING_HOURS),
      }),
      shipmentsLate: z.strictObject({ enabled: z.boolean() }),
      discrepancies: z.strictObject({ enabled: z.boolean() }),
    }),
  })
  .meta({ id: "UpdateAlertSettingsRequest" });
export type UpdateAlertSettingsBody = z.infer<typeof updateAlertSettingsBodySchema>;
