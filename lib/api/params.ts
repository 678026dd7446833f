import { z } from "zod";

/** Path parameters; ids are checked by the domain (a malformed id is answered like an unknown one). */
export const storePath = z.object({ storeId: z.string() });
export const returnPath = z.object({ returnId: z.string() });
export const storeReturnPath = z.object({ storeId: z.string(), returnId: z.string() });
export const webhookPath = z.object({ webhookId: z.string() });
export const inventoryItemPath = z.object({ storeId: z.string(), inventoryItemId: z.string() });
export const apiSecretPath = z.object({ apiSecretId: z.string() });
export const commentImagePath = z.object({ imageId: z.string() });

/** Methods a path does not serve, answered 405 by `methodNotAllowed`. */
export const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const staffMemberPath = z.object({ storeId: z.string(), staffMemberId: z.string() });
export const locationPath = z.object({ storeId: z.string(), locationId: z.string() });
