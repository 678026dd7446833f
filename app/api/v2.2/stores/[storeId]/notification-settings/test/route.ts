import { apiRoute, json } from "@/lib/api/route";
import { notifications } from "@/lib/contracts";
import { sendTestNotification } from "@/lib/domain/notifications";

export const POST = apiRoute(notifications.sendTestNotification, async ({ db, params, principal }) => {
  // The contract admits staff only: the test goes to the signed-in admin's own address.
  const queued =
    principal.kind === "staff" ? await sendTestNotification(db, params.storeId, principal.id) : [];
  return json({ queued }, { status: 202 });
});
