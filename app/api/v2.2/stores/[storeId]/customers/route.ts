import { apiRoute, json } from "@/lib/api/route";
import { customers } from "@/lib/contracts";
import { getCustomerByEmail, upsertCustomer } from "@/lib/domain/customers/profiles";

export const GET = apiRoute(customers.getCustomer, async ({ db, params, query }) =>
  json(await getCustomerByEmail(db, { storeId: params.storeId, email: query.email })),
);

export const PUT = apiRoute(customers.upsertCustomer, async ({ db, params, body }) => {
  const result = await upsertCustomer(db, { storeId: params.storeId, profile: body });
  return json(result, { status: result.created ? 201 : 200 });
});
