import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { transfers } from "@/lib/contracts";
import { getTransfer } from "@/lib/domain/transfers/read";
import { updateTransfer } from "@/lib/domain/transfers/write";

export const GET = apiRoute(transfers.getTransfer, async ({ db, params }) =>
  json({ transfer: await getTransfer(db, params) }),
);

export const PATCH = apiRoute(transfers.updateTransfer, async ({ db, params, body, principal }) =>
  json({ transfer: await updateTransfer(db, { ...params, actor: actorOf(principal) }, body.transfer) }),
);
