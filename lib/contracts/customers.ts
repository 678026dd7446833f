import {
  customerEmailQuerySchema,
  customerSchema,
  upsertCustomerBodySchema,
  upsertCustomerResponseSchema,
} from "../schemas/customers";
import { AUTH, defineContract, storeParams } from "./contract";

/**
 * Customer profiles, as the package publishes them (Customer get, Customer upsert): one per e-mail address
 * and store (docs/customers.md). Reading is for every member; writing for editors and admins.
 */

export const getCustomer = defineContract({
  method: "get",
  path: "/stores/{storeId}/customers",
  operationId: "getCustomer",
  resource: "customer",
  access: "read",
  summary: "Get customer by email",
  description:
    "The profile of the customer with this e-mail address (compared case-insensitively): name, first phone " +
    "number, location and custom fields. 404 `customer/not-found` when the store has none.",
  tag: "Customers",
  params: storeParams,
  query: customerEmailQuerySchema,
  responses: { 200: { description: "Customer found.", schema: customerSchema } },
  errors: [400, ...AUTH, 404],
});

export const upsertCustomer = defineContract({
  method: "put",
  path: "/stores/{storeId}/customers",
  operationId: "upsertCustomer",
  resource: "customer",
  access: "write",
  summary: "Create or update customer",
  description:
    "Creates the profile for `email` (201) or updates the existing one (200); two callers racing on one " +
    "address update one profile. Fields left out are kept; `phoneNumber` joins the profile's numbers if " +
    "new; `location` fields and `customFields` are merged into what is there.",
  tag: "Customers",
  params: storeParams,
  body: upsertCustomerBodySchema,
  responses: {
    200: { description: "Existing customer updated.", schema: upsertCustomerResponseSchema },
    201: { description: "New customer created.", schema: upsertCustomerResponseSchema },
  },
  errors: [400, ...AUTH, 413, 415],
});
