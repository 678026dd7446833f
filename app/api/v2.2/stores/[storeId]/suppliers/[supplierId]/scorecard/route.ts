import { apiRoute, json } from "@/lib/api/route";
import { suppliers } from "@/lib/contracts";
import { supplierScorecard } from "@/lib/domain/suppliers/scorecard";

export const GET = apiRoute(suppliers.getSupplierScorecard, async ({ db, params, query }) =>
  json({ supplier_scorecard: await supplierScorecard(db, { ...params, months: query.months }) }),
);
