import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { notifications } from "@/lib/contracts";
import { listNotifications } from "@/lib/domain/notifications";

export const GET = apiRoute(notifications.listNotifications, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "store");
  const result = await listNotifications(db, { ...filters, ...page });
  return json(
    { notifications: result.notifications },
    { headers: await nextPageHeaders(db, result.next, filters) },
  );
});
