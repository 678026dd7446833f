import { metricsResponse } from "@/lib/api/metrics-endpoint";

/** Prometheus scrape target (docs/operations.md "Metrics"); off unless BACKROOM_METRICS_TOKEN is set. */
export const GET = metricsResponse;
