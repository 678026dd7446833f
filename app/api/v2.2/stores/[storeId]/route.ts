import { apiRoute, json } from "@/lib/api/route";
import { storeSettings } from "@/lib/contracts";
import { getStore, updateStore } from "@/lib/domain/stores";

export const GET = apiRoute(storeSettings.getStore, async ({ db, params }) =>
  json({ store: await getStore(db, params.storeId) }),
);

export const PATCH = apiRoute(storeSettings.updateStore, async ({ db, params, body }) =>
  json({ store: await updateStore(db, params.storeId, body.store) }),
);
