import { isDatabaseUnavailable } from "../db/errors";
import { DomainError, type FieldIssue } from "../domain/errors";
import { logUnexpectedError } from "./request-log";

/** RFC 7807 problem details as decisions §3 shapes them. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: FieldIssue[];
  /** The detail again, for clients of the package operations that publish `{ error: string }` bodies. */
  error: string;
};

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

export const PROBLEM_TYPE_PREFIX = "com.service.api:";

/** An error the API layer raises itself (auth, media type, size, rate): same mapping as domain errors. */
export class HttpProblem extends DomainError {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly errors?: FieldIssue[];
  constructor(
    status: number,
    code: string,
    detail: string,
    options: { headers?: Record<string, string>; errors?: FieldIssue[] } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
    this.errors = options.errors;
  }
}

/** The problem+json document (decisions §3) for a status, a `<area>/<code>` and a detail. */
export function problemBody(
  problem: Omit<Problem, "title" | "instance" | "error"> & { requestId: string },
): Problem {
  return {
    type: problem.type,
    title: TITLES[problem.status] ?? "Error",
    status: problem.status,
    detail: problem.detail,
    instance: `urn:request:${problem.requestId}`,
    ...(problem.errors ? { errors: problem.errors } : {}),
    // The package's orders, custom order sync and bulk-upload operations publish `{ error: string }`
    // error bodies; every problem carries it so those clients read a message (docs/api.md).
    error: problem.detail,
  };
}

export function problemResponse(
  problem: Omit<Problem, "title" | "instance" | "error"> & { requestId: string },
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(problemBody(problem)), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "X-Request-Id": problem.requestId, ...headers },
  });
}

/** How long a client should wait before retrying while the database does not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place that turns a thrown error into a response. Domain and API errors keep their status and
 * code; a database that does not answer is a 503 with Retry-After (lib/db/errors.ts); anything else is a 500
 * whose body says nothing about the cause. Both are logged with the request id.
 */
export function errorToResponse(error: unknown, requestId: string): Response {
  if (error instanceof DomainError) {
    const errors = "errors" in error ? (error.errors as FieldIssue[] | undefined) : undefined;
    const headers = error instanceof HttpProblem ? error.headers : {};
    return problemResponse(
      {
        type: `${PROBLEM_TYPE_PREFIX}${error.code}`,
        status: error.status,
        detail: error.message,
        errors,
        requestId,
      },
      headers,
    );
  }
  logUnexpectedError(requestId, error);
  if (isDatabaseUnavailable(error)) {
    return problemResponse(
      {
        type: `${PROBLEM_TYPE_PREFIX}request/service-unavailable`,
        status: 503,
        detail: "The database is not answering; nothing was done. Retry in a few seconds.",
        requestId,
      },
      { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  return problemResponse({
    type: "about:blank",
    status: 500,
    detail: "The server could not complete the request. Quote the request id when reporting it.",
    requestId,
  });
}
