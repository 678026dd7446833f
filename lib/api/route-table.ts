import { contracts } from "../contracts";

/**
 * Which methods each path under /api/v2.2 serves, from the contracts (plus the OpenAPI document itself). The request gate answers OPTIONS and unknown methods with it, so `Allow`
 * names what the path really serves. Paths are templates (`/webhooks/{webhookId}`); a parameter matches
 * any one non-empty segment.
 */

const EXTRA_ROUTES: { method: string; path: string }[] = [{ method: "get", path: "/openapi.json" }];

type RouteEntry = { segments: string[]; methods: Set<string> };

let table: RouteEntry[] | undefined;

function routeTable(): RouteEntry[] {
  if (table) return table;
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of [...contracts, ...EXTRA_ROUTES]) {
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method.toUpperCase());
    if (method === "get") methods.add("HEAD");
    byPath.set(path, methods);
  }
  table = [...byPath].map(([path, methods]) => ({ segments: path.split("/").slice(1), methods }));
  return table;
}

function matches(template: string[], segments: string[]): boolean {
  if (template.length !== segments.length) return false;
  return template.every((part, i) => part.startsWith("{") || part === segments[i]);
}

/**
 * The methods served at `path` (below /api/v2.2, decoded segments), in a stable order with OPTIONS, or
 * null when no operation lives there. A literal segment wins over a parameter, as in the router.
 */
export function allowedMethods(path: string): string[] | null {
  const segments = path.split("/").slice(1);
  const candidates = routeTable().filter((entry) => matches(entry.segments, segments));
  if (candidates.length === 0) return null;
  const literalCount = (entry: RouteEntry) => entry.segments.filter((part) => !part.startsWith("{")).length;
  const best = candidates.reduce((a, b) => (literalCount(b) > literalCount(a) ? b : a));
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
  return [...order.filter((method) => best.methods.has(method)), "OPTIONS"];
}
