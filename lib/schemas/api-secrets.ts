import { z } from "zod";
import { timestampSchema } from "./common";

/**
 * API secret management (decisions §2): the web app's admin screen and `npm run api-secret:*` list,
 * create and revoke a store's secrets. A secret is shown once, in the create response; afterwards only
 * `start` (its first characters) identifies it. Requests are strict; responses carry no transforms
 * (they become the OpenAPI document).
 */

export const API_SECRET_NAME_MAX_LENGTH = 100;

/** What the secret is for ("ERP", "Warehouse scanner"): 1..100 characters after trimming. */
export const apiSecretNameSchema = z
  .string()
  .trim()
  .min(1, "Must not be empty.")
  .max(API_SECRET_NAME_MAX_LENGTH, `Must be at most ${API_SECRET_NAME_MAX_LENGTH} characters.`)
  .meta({ description: "What the secret is used for, shown in lists.", example: "ERP" });

export const createApiSecretInputSchema = z.strictObject({ name: apiSecretNameSchema });
export type CreateApiSecretInput = z.output<typeof createApiSecretInputSchema>;

/** Body of `POST /stores/{storeId}/api-secrets`. */
export const createApiSecretRequestSchema = z
  .strictObject({ api_secret: createApiSecretInputSchema })
  .meta({ id: "CreateApiSecretRequest" });

export const apiSecretCreatorSchema = z
  .object({ id: z.string().meta({ example: "usr_3ZbQ9mX2kT7vLp0aYc1RfD" }), name: z.string() })
  .nullable()
  .meta({
    description:
      "The staff member who created the secret; null when it was created by the command line or the demo seed, or the user was deleted.",
  });

export const apiSecretSchema = z
  .object({
    id: z.string().meta({ example: "key_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    name: z.string(),
    start: z.string().meta({
      description:
        "The first characters of the secret, so secrets can be told apart. Never the whole secret.",
      example: "brk_Xa3k9Q",
    }),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema
      .nullable()
      .meta({ description: "Last authenticated request, to the minute; null if never used." }),
    revokedAt: timestampSchema
      .nullable()
      .meta({ description: "When the secret was revoked; null while it is valid." }),
    createdBy: apiSecretCreatorSchema,
  })
  .meta({ id: "ApiSecret", description: "An API secret of a store, without the secret itself." });
export type ApiSecret = z.infer<typeof apiSecretSchema>;

export const apiSecretResponseSchema = z
  .object({ api_secret: apiSecretSchema })
  .meta({ id: "ApiSecretResponse" });

export const createdApiSecretResponseSchema = z
  .object({
    api_secret: apiSecretSchema,
    secret: z.string().meta({
      description:
        "The secret itself (`brk_` and 43 characters). Only this response ever contains it: only its hash is stored.",
      example: "brk_Xa3k9QvLp0aYc1RfD3ZbQ9mX2kT7vLp0aYc1RfD3Zbq",
    }),
  })
  .meta({ id: "CreatedApiSecretResponse" });
export type CreatedApiSecretResponse = z.infer<typeof createdApiSecretResponseSchema>;

export const apiSecretListResponseSchema = z
  .object({ api_secrets: z.array(apiSecretSchema) })
  .meta({ id: "ApiSecretListResponse" });
