import { z } from "zod";
import {
  apiSecretListResponseSchema,
  apiSecretResponseSchema,
  createApiSecretRequestSchema,
  createdApiSecretResponseSchema,
} from "../schemas/api-secrets";
import { AUTH, defineContract, id, noStore, storeParams } from "./contract";

const apiSecretParams = z.object({ apiSecretId: id("API secret id (`key_…`).") });

const STAFF_ONLY =
  "Staff admins only, with a session of the web app: an API secret gets 403 `auth/forbidden`, so a leaked " +
  "secret can neither create secrets nor revoke the store's others.";

export const listApiSecrets = defineContract({
  method: "get",
  path: "/stores/{storeId}/api-secrets",
  operationId: "listApiSecrets",
  resource: "api-secret",
  access: "admin",
  principals: ["staff"],
  summary: "List API secrets",
  description: `Every secret of the store, revoked ones included, newest first. ${STAFF_ONLY}`,
  tag: "API secrets",
  params: storeParams,
  responses: { 200: { description: "The store's secrets.", schema: apiSecretListResponseSchema } },
  errors: AUTH,
});

export const createApiSecret = defineContract({
  method: "post",
  path: "/stores/{storeId}/api-secrets",
  operationId: "createApiSecret",
  resource: "api-secret",
  access: "admin",
  principals: ["staff"],
  summary: "Create API secret",
  description:
    "Generates a secret (`brk_` and 32 random bytes) and answers it in `secret`: the only time it is ever " +
    `shown, since only its hash is stored. ${STAFF_ONLY}`,
  tag: "API secrets",
  params: storeParams,
  body: createApiSecretRequestSchema,
  responses: {
    201: {
      description: "Created.",
      schema: createdApiSecretResponseSchema,
      headers: {
        Location: { description: "URL of the new secret.", schema: { type: "string" } },
        ...noStore,
      },
    },
  },
  errors: [400, ...AUTH, 413, 415],
});

export const getApiSecret = defineContract({
  method: "get",
  path: "/api-secrets/{apiSecretId}",
  operationId: "getApiSecret",
  resource: "api-secret",
  access: "admin",
  principals: ["staff"],
  storeOf: "apiKey",
  summary: "Get API secret",
  description: `The secret's name, start and dates (never the secret). ${STAFF_ONLY}`,
  tag: "API secrets",
  params: apiSecretParams,
  responses: { 200: { description: "The secret.", schema: apiSecretResponseSchema } },
  errors: [...AUTH, 404],
});

export const revokeApiSecret = defineContract({
  method: "delete",
  path: "/api-secrets/{apiSecretId}",
  operationId: "revokeApiSecret",
  resource: "api-secret",
  access: "admin",
  principals: ["staff"],
  storeOf: "apiKey",
  summary: "Revoke API secret",
  description:
    "Sets `revokedAt`; the API refuses the secret from then on (401). Idempotent: revoking a revoked secret " +
    `answers 200 with its original \`revokedAt\`. ${STAFF_ONLY}`,
  tag: "API secrets",
  params: apiSecretParams,
  responses: { 200: { description: "The revoked secret.", schema: apiSecretResponseSchema } },
  errors: [...AUTH, 404],
});
