import { notOfferedRoute } from "@/lib/api/not-offered";
import { notOffered } from "@/lib/contracts";

export const GET = notOfferedRoute(notOffered.navigateCoverageInfo);
