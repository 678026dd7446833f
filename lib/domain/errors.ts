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
  /** Where in the request each conflicting part is, when the conflict is about parts of it. */
  readonly errors?: FieldIssue[];
  constructor(code: string, message: string, errors?: FieldIssue[]) {
    super(message);
    this.code = code;
    if (errors) this.errors = errors;
  }
}

/**
 * Item ids of a set-identifiers request that are not items of the return (interface-v2.2: 400
 * `return/item-not-found`). `errors` names every unknown id at its request path (`items.3.id`).
 */
export class ItemNotFoundError extends DomainError {
  readonly status = 400;
  readonly code = "return/item-not-found";
  readonly errors: FieldIssue[];
  readonly itemIds: string[];
  /** `pathOf` places each error in the request (`items.3.id` unless given, e.g. `products.3._id`). */
  constructor(
    unknown: { index: number; id: string }[],
    pathOf: (index: number) => string = (index) => `items.${index}.id`,
  ) {
    const ids = [...new Set(unknown.map((entry) => entry.id))];
    super(
      `${ids.length === 1 ? "This item does" : "These items do"} not exist on this return: ${ids
        .map((id) => JSON.stringify(id))
        .join(", ")}.`,
    );
    this.itemIds = ids;
    this.errors = unknown.map(({ index, id }) => ({
      path: pathOf(index),
      message: `No item with id ${JSON.stringify(id)} exists on this return.`,
    }));
  }
}
