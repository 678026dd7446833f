import { apiRoute, json } from "@/lib/api/route";
import { labels } from "@/lib/contracts";
import { listLabelPrints } from "@/lib/domain/labels/prints";

export const GET = apiRoute(labels.listLabelPrints, async ({ db, params, query }) =>
  json({
    prints: await listLabelPrints(db, {
      storeId: params.storeId,
      subjectType: query.subject_type,
      subjectId: query.subject_id,
      limit: 20,
    }),
  }),
);
