import { contracts } from ".";

/** The source of lib/client/api-routes.generated.ts: method and path per operationId, from the contracts. */
export function apiRoutesSource(): string {
  const entries = contracts
    .map((c) => `  ${c.operationId}: { method: "${c.method.toUpperCase()}", path: "${c.path}" },`)
    .join("\n");
  return `// Generated from lib/contracts by \`npm run contracts:generate\`; do not edit.
import type { OperationId } from "@/lib/contracts";

export const API_ROUTES: Record<OperationId, { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string }> = {
${entries}
};
`;
}
