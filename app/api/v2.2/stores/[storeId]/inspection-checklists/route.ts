import { apiRoute, json } from "@/lib/api/route";
import { inspection } from "@/lib/contracts";
import { listChecklists, replaceChecklists } from "@/lib/domain/inspection/checklists";

export const GET = apiRoute(inspection.listInspectionChecklists, async ({ db, params }) =>
  json({ checklists: await listChecklists(db, params.storeId) }),
);

export const PUT = apiRoute(inspection.replaceInspectionChecklists, async ({ db, params, body }) =>
  json({ checklists: await replaceChecklists(db, params.storeId, body.checklists) }),
);
