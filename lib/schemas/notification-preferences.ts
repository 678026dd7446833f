import { z } from "zod";
import { ALERT_DELIVERIES, ALERT_SOURCES, REPORT_FREQUENCIES } from "../enums";

/**
 * Who hears of what, and when (docs/notifications.md, "Preferences" and "Scheduled reports"): a person's
 * choices per alert source and quiet hours, the store's defaults, and a saved view's report schedule.
 * Times are wall-clock times of the store's time zone (Settings -> Store), `HH:MM`.
 */

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const wallTimeSchema = z
  .string()
  .regex(WALL_TIME, "Must be a time HH:MM (00:00 to 23:59).")
  .meta({ description: "A time of the store's day, `HH:MM`, in the store's time zone.", example: "22:00" });

const quietHoursSchema = z
  .object({ start: wallTimeSchema, end: wallTimeSchema })
  .refine((value) => value.start !== value.end, {
    message: "Quiet hours must start and end at different times.",
  })
  .meta({
    id: "QuietHours",
    description:
      "From `start` to `end` in the store's time zone (past midnight when `end` is earlier): an instant " +
      "notice that falls inside is held until `end`.",
  });

const alertChoiceSchema = z
  .object({
    delivery: z
      .enum(ALERT_DELIVERIES)
      .meta({ description: "`instant`: an e-mail at once; `digest`: listed in the 07:00 digest." }),
    email: z.boolean().meta({ description: "Whether it is e-mailed at all." }),
  })
  .meta({ id: "AlertChoice" });

const alertDefaultSchema = alertChoiceSchema
  .extend({ chat: z.boolean().meta({ description: "Whether it is posted to the store's chat URL." }) })
  .meta({ id: "AlertDefault" });

const sourceMap = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(ALERT_SOURCES.map((source) => [source, value])) as Record<
      (typeof ALERT_SOURCES)[number],
      T
    >,
  );
const partialSourceMap = <T extends z.ZodType>(value: T) =>
  z.strictObject(
    Object.fromEntries(ALERT_SOURCES.map((source) => [source, value.optional()])) as Record<
      (typeof ALERT_SOURCES)[number],
      z.ZodOptional<T>
    >,
  );

export const storeNotificationDefaultsSchema = z
  .object({
    alerts: sourceMap(alertDefaultSchema),
    quietHours: quietHoursSchema
      .nullable()
      .meta({ description: "The members' quiet hours unless they set their own." }),
  })
  .meta({ id: "StoreNotificationDefaults" });
export type StoreNotificationDefaults = z.infer<typeof storeNotificationDefaultsSchema>;

export const storeNotificationDefaultsResponseSchema = z
  .object({ notification_defaults: storeNotificationDefaultsSchema })
  .meta({ id: "StoreNotificationDefaultsResponse" });

export const updateStoreNotificationDefaultsRequestSchema = z
  .strictObject({
    notification_defaults: z.strictObject({
      alerts: partialSourceMap(alertDefaultSchema.strict()).optional(),
      quietHours: quietHoursSchema.nullable().optional(),
    }),
  })
  .meta({ id: "UpdateStoreNotificationDefaultsRequest" });
export type UpdateStoreNotificationDefaults = z.infer<
  typeof updateStoreNotificationDefaultsRequestSchema
>["notification_defaults"];

export const myNotificationPreferencesSchema = z
  .object({
    alerts: sourceMap(
      alertChoiceSchema.extend({
        own: z.boolean().meta({ description: "True: your own choice; false: the store default." }),
      }),
    ).meta({ description: "What applies to you per alert source." }),
    quietHours: z
      .object({
        mode: z.enum(["store", "own", "off"]).meta({
          description: "`store`: the store's default quiet hours; `own`: yours; `off`: none for you.",
        }),
        own: quietHoursSchema.nullable().meta({ description: "Yours, when `mode` is `own`." }),
        effective: quietHoursSchema.nullable().meta({ description: "What applies to you (null: none)." }),
      })
      .meta({ id: "MyQuietHours" }),
    storeDefaults: storeNotificationDefaultsSchema,
  })
  .meta({ id: "MyNotificationPreferences" });
export type MyNotificationPreferences = z.infer<typeof myNotificationPreferencesSchema>;

export const myNotificationPreferencesResponseSchema = z
  .object({ notification_preferences: myNotificationPreferencesSchema })
  .meta({ id: "MyNotificationPreferencesResponse" });

export const updateMyNotificationPreferencesRequestSchema = z
  .strictObject({
    notification_preferences: z.strictObject({
      alerts: partialSourceMap(alertChoiceSchema.strict().nullable()).optional().meta({
        description: "Per source: your choice, or null to follow the store default; left out: unchanged.",
      }),
      quietHours: z
        .discriminatedUnion("mode", [
          z.strictObject({ mode: z.literal("store") }),
          z.strictObject({ mode: z.literal("off") }),
          z.strictObject({ mode: z.literal("own"), start: wallTimeSchema, end: wallTimeSchema }),
        ])
        .optional(),
    }),
  })
  .meta({ id: "UpdateMyNotificationPreferencesRequest" });
export type UpdateMyNotificationPreferences = z.infer<
  typeof updateMyNotificationPreferencesRequestSchema
>["notification_preferences"];

export const reportScheduleSchema = z
  .object({
    id: z.string().meta({ example: "rsc_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    savedViewId: z.string(),
    frequency: z.enum(REPORT_FREQUENCIES),
    weekday: z
      .number()
      .int()
      .min(0)
      .max(6)
      .nullable()
      .meta({ description: "0 Sunday … 6 Saturday; weekly only." }),
    time: wallTimeSchema,
    timeZone: z.string().meta({ description: "The store's time zone the time is read in." }),
    recipients: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
    nextRunAt: z.string().meta({ description: "The next occurrence (ISO 8601, UTC)." }),
    lastRunAt: z.string().nullable(),
  })
  .meta({ id: "ReportSchedule" });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleResponseSchema = z
  .object({ report_schedule: reportScheduleSchema })
  .meta({ id: "ReportScheduleResponse" });

export const putReportScheduleRequestSchema = z
  .strictObject({
    report_schedule: z
      .strictObject({
        frequency: z.enum(REPORT_FREQUENCIES),
        weekday: z.number().int().min(0).max(6).nullable().optional(),
        time: wallTimeSchema,
        recipients: z
          .array(z.string().max(64))
          .max(100)
          .optional()
          .meta({
            description:
              "Staff member ids (`usr_…`), members of the store. A personal view's report goes to its owner " +
              "only; a shared view's to these (default: the owner).",
          }),
      })
      .refine(
        (value) => (value.frequency === "weekly") === (value.weekday !== undefined && value.weekday !== null),
        {
          message: "A weekly schedule needs a weekday (0 Sunday … 6 Saturday); a daily one takes none.",
          path: ["weekday"],
        },
      ),
  })
  .meta({ id: "PutReportScheduleRequest" });
export type PutReportSchedule = z.infer<typeof putReportScheduleRequestSchema>["report_schedule"];

/** `HH:MM` -> minutes after midnight. */
export function minutesOfWallTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** Minutes after midnight -> `HH:MM`. */
export function wallTimeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
