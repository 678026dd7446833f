import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { notifications } from "@/lib/contracts";
import { listNotifications } from "@/lib/domain/notifications";

export const GET = apiRoute(notifications.listNotifications, async (ctx) => {
  const filters = { storeId: ctx.params.storeId };
  const page = await readPage(ctx.db, ctx.headers, filters, "store");
  const result = await listNotifications(ctx.db, {
    storeId: ctx.params.storeId,
    limit: page.limit,
    after: page.after,
  });
  return json(
    { notifications: result.notifications },
    { headers: await nextPageHeaders(ctx.db, result.next, filters) },
  );
});
