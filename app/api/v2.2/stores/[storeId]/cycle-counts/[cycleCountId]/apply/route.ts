import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { applyCycleCount } from "@/lib/domain/cycle-counts/apply";

export const POST = apiRoute(cycleCounts.applyCycleCount, async ({ db, params, principal }) =>
  json(await applyCycleCount(db, { ...params, actor: actorOf(principal) })),
);
