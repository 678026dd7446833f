import { PHASE_PRODUCTION_BUILD } from "next/constants";

/** Next.js calls this once per server process before it serves requests. */
export async function register(): Promise<void> {
  // Only the Node.js server opens the database; `next build` must never touch it.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  const { startServer } = await import("./lib/startup");
  await startServer();
}
