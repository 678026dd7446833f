import { readConfig } from "@/lib/config";

/**
 * Benchmark baseline (npm run bench:api): a constant JSON body of the requested size, served only when
 * the server runs with BACKROOM_BENCH=1. It measures what Next.js costs for a response of that size, so
 * the list endpoint's figures can be read as a ratio against it.
 */
const bodies = new Map<number, string>();

export async function GET(request: Request): Promise<Response> {
  if (!readConfig().benchRoutes) return new Response("Not Found", { status: 404 });
  const size = Math.min(
    Math.max(Number(new URL(request.url).searchParams.get("bytes")) || 1000, 2),
    10_000_000,
  );
  let body = bodies.get(size);
  if (!body) {
    body = JSON.stringify({ padding: "x".repeat(Math.max(0, size - 14)) });
    bodies.set(size, body);
  }
  return new Response(body, { headers: { "Content-Type": "application/json" } });
}
