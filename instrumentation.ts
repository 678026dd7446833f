import { PHASE_PRODUCTION_BUILD } from "next/constants";

/** Next.js calls this once per server process before it serves requests. */
export async function register(): Promise<void> {
  // Only the Node.js server opens the database; `next build` must never touch it.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  const { startServer } = await import("./lib/startup");
  await startServer();
  const { hasFrontLayer } = await import("./lib/health/lifecycle");
  if (!hasFrontLayer()) {
    console.warn(
      "Started without Backroom's front layer (a bare `next start` or `next dev`): TRACE, malformed " +
        "percent-encoding and over-long headers get Next.js's plain answers instead of problem+json, and " +
        "there is no graceful shutdown. Start with `npm start` or `npm run dev` (docs/operations.md).",
    );
  }
}
