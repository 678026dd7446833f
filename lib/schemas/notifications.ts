import { z } from "zod";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from "../enums";
import { WEBHOOK_URL_MAX_LENGTH, webhookUrlProblem } from "../webhooks/url-policy";
import { dateTimeInputSchema, timestampSchema } from "./common";
import { MAX_SEARCH_LENGTH } from "./limits";

/**
 * A store's notification settings and its notification history (docs/notifications.md). Staff admins only:
 * the settings name where the store's notices go.
 */

const emailStatusSchema = z
  .object({
    configured: z
      .boolean()
      .meta({ description: "Whether the server sends e-mail (BACKROOM_SMTP_URL is set)." }),
    from: z.string().nullable().meta({ description: "The From of its e-mails; null without e-mail." }),
  })
  .meta({ description: "The server's e-mail, read-only: set by its operator in the environment." });

export const notificationSettingsSchema = z
  .object({
    email: emailStatusSchema,
    chatWebhookUrl: z.string().nullable().meta({
      description:
        "The chat tool's incoming-webhook URL (Slack, Mattermost, Teams…) the store's notices are posted to.",
    }),
  })
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = z
  .object({ notification_settings: notificationSettingsSchema })
  .meta({ id: "NotificationSettingsResponse" });

const chatWebhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, `Must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const updateNotificationSettingsRequestSchema = z
  .strictObject({
    notification_settings: z.strictObject({
      chatWebhookUrl: z
        .union([z.literal(""), chatWebhookUrlSchema])
        .nullable()
        .meta({ description: "Null (or empty) posts nowhere." }),
    }),
  })
  .meta({ id: "UpdateNotificationSettingsRequest" });

export const notificationSchema = z
  .object({
    id: z.string().meta({ example: "ntf_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    kind: z.enum(NOTIFICATION_KINDS),
    channel: z.enum(NOTIFICATION_CHANNELS),
    recipient: z
      .string()
      .meta({ description: "The e-mail address, or the chat URL (shown up to its path)." }),
    subject: z.string(),
    status: z.enum(NOTIFICATION_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: timestampSchema,
    sentAt: timestampSchema.nullable(),
  })
  .meta({ id: "Notification" });
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z
  .object({ notifications: z.array(notificationSchema) })
  .meta({ id: "NotificationListResponse" });

export const listNotificationsQuerySchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  channel: z.enum(NOTIFICATION_CHANNELS).optional(),
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  recipient: z.string().trim().min(1).max(MAX_SEARCH_LENGTH).optional().meta({
    description:
      "Part of the recipient, in any case: of an e-mail address, or of a chat URL's origin (never its path).",
  }),
  created_at_min: dateTimeInputSchema.optional().meta({ description: "Created at or after (inclusive)." }),
  created_at_max: dateTimeInputSchema.optional().meta({ description: "Created before (exclusive)." }),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

export const testNotificationResponseSchema = z
  .object({
    queued: z.array(z.object({ channel: z.enum(NOTIFICATION_CHANNELS), recipient: z.string() })).meta({
      description:
        "What was queued: your e-mail address (when the server sends e-mail) and the chat URL (if set).",
    }),
  })
  .meta({ id: "TestNotificationResponse" });
