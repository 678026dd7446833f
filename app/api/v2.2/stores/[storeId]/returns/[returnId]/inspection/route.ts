import { apiRoute, json } from "@/lib/api/route";
import { inspection } from "@/lib/contracts";
import { getReturnInspection } from "@/lib/domain/inspection/return-inspection";

export const GET = apiRoute(inspection.getReturnInspection, async ({ db, params }) =>
  json(await getReturnInspection(db, params)),
);
