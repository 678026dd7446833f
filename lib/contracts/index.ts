import { type Contract, isContract } from "./contract";
import * as modules from "./modules";

export type { Contract } from "./contract";
export * from "./modules";

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** A module's contracts by path, then method: the same order whichever loader built the namespace. */
function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module)
    .filter(isContract)
    .sort(
      (a, b) =>
        a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
    );
}

/**
 * Every operation of the API, one contract each, grouped by resource in the modules beside this one
 * (./modules.ts lists them): a contract exported there is an operation. The OpenAPI document lists them
 * module by module, in the modules' alphabetical order.
 */
export const contracts: readonly Contract[] = Object.values(modules).flatMap((module) =>
  contractsOf(module as Record<string, unknown>),
);

type Modules = typeof modules;
type ContractsIn<M> = { [K in keyof M as M[K] extends Contract ? K : never]: M[K] };
type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (
  intersection: infer I,
) => void
  ? I
  : never;

/** Every contract by operationId, as types: what the web app's `callApi` is typed from (type-only import). */
export type ContractMap = UnionToIntersection<
  { [M in keyof Modules]: ContractsIn<Modules[M]> }[keyof Modules]
>;
export type OperationId = keyof ContractMap;
