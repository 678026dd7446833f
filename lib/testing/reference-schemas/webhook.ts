import { dateTime, type JsonSchema } from "./common";

/**
 * Mirrors redoapp/redo-dev redo/api-schema/src/schema/webhook-read.schema.yaml, with
 * schema/https-callback.schema.yaml and schema/webhook-topic.schema.yaml inlined. Its `required` list
 * has the typo `"externalId id"` (one string); read as the two names it obviously means.
 */
export const webhookRead: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    callback: {
      type: "object",
      properties: {
        auth: {
          oneOf: [
            {
              type: "object",
              properties: {
                bearer: { properties: { token: { type: "string", format: "password" } } },
              },
            },
            { type: "null" },
          ],
        },
        url: { type: "string", format: "uri", pattern: "^https://" },
      },
      required: ["auth", "url"],
    },
    createdAt: dateTime,
    updatedAt: dateTime,
    externalId: { type: ["string", "null"] },
    topic: { type: "string", enum: ["return"] },
  },
  required: ["callback", "createdAt", "externalId", "id", "updatedAt", "topic"],
};

/**
 * Mirrors redoapp/redo-dev redo/api-schema/src/schema/comment.schema.yaml. Its `oneOf` has no required
 * property in either branch, so every object matches both and `oneOf` rejects all of them; the evident
 * intent (an image comment or a message comment) is encoded instead.
 */
export const comment: JsonSchema = {
  type: "object",
  anyOf: [
    { properties: { image: { type: "string" } }, required: ["image"] },
    { properties: { message: { type: "string" } }, required: ["message"] },
  ],
};
