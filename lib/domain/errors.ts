/**
 * Typed domain errors. Domain functions throw these; the API wrapper maps each to one problem+json
 * response (lib/api), so no route decides status codes on its own.
 */

export type FieldIssue = { path: string; message: string };

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** Problem type suffix `<area>/<code>`, prefixed with `com.service.api:` in responses. */
  abstract readonly code: string;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code: string;
  constructor(resource: string, id: string) {
    super(`No ${resource.replace(/-/g, " ")} with id ${JSON.stringify(id)} exists in this store.`);
    this.code = `${resource}/not-found`;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code: string;
  readonly errors: FieldIssue[];
  constructor(resource: string, errors: FieldIssue[], message = "The request is not valid.") {
    super(message);
    this.code = `${resource}/invalid-request`;
    this.errors = errors;
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = "auth/forbidden";
}
