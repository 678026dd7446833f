import { apiRoute } from "@/lib/api/route";
import { savedViews } from "@/lib/contracts";
import { deleteSavedView } from "@/lib/domain/saved-views";
import { viewerOf } from "../viewer";

export const DELETE = apiRoute(savedViews.deleteSavedView, async ({ db, params, principal }) => {
  await deleteSavedView(db, viewerOf(principal, params.storeId), params.viewId);
  return new Response(null, { status: 204 });
});
