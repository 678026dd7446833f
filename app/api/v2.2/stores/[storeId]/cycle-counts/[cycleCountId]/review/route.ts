import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { reviewCycleCount } from "@/lib/domain/cycle-counts/review";

export const POST = apiRoute(cycleCounts.reviewCycleCount, async ({ db, params, body, principal }) =>
  json(await reviewCycleCount(db, { ...params, review: body.review, actor: actorOf(principal) })),
);
