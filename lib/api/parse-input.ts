import type { NextRequest } from "next/server";
import type { z } from "zod";
import { type FieldIssue, NotFoundError } from "../domain/errors";
import { HttpProblem } from "./problem";

/** How the API wrapper turns path, query, headers and body into parsed input, or into a 400/404 problem. */

export function zodIssues(error: z.ZodError, prefix = ""): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

export function parseInput<T>(schema: z.ZodType<T>, input: unknown, resource: string, prefix: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = zodIssues(result.error, prefix);
  throw new HttpProblem(400, `${resource}/invalid-request`, describeIssues(errors), { errors });
}

/** A path id that does not parse is answered like an unknown id: 404 (decisions §1). */
export function parseParams<T>(schema: z.ZodType<T>, input: unknown, resource: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const id = Object.values(input as Record<string, unknown>).at(-1);
  throw new NotFoundError(resource, String(id));
}

function describeIssues(errors: FieldIssue[]): string {
  const first = errors[0];
  if (!first) return "The request is not valid.";
  const where = first.path ? `${first.path}: ` : "";
  return errors.length === 1
    ? `${where}${first.message}`
    : `${where}${first.message} (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})`;
}

/** Query parameters as an object; a repeated parameter becomes an array, which single-value schemas refuse. */
export function searchParamsObject(request: NextRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of request.nextUrl.searchParams) {
    const existing = out[key];
    out[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}
