import { apiRoute, json } from "@/lib/api/route";
import { savedViews } from "@/lib/contracts";
import { createSavedView, listSavedViews } from "@/lib/domain/saved-views";
import { viewerOf } from "./viewer";

export const GET = apiRoute(savedViews.listSavedViews, async ({ db, params, query, principal }) =>
  json({ saved_views: await listSavedViews(db, viewerOf(principal, params.storeId), query.list) }),
);

export const POST = apiRoute(savedViews.createSavedView, async ({ db, params, body, principal }) =>
  json(
    { saved_view: await createSavedView(db, viewerOf(principal, params.storeId), body.saved_view) },
    { status: 201 },
  ),
);
