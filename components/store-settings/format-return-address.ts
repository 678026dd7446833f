import type { Address } from "@/lib/schemas/returns";

// Apart from return-address-model.ts, which validates with the API's zod schema: the locations table needs
// only this, and importing that module would put zod in the settings page's first load.

/** One line for the locations table: "1 Harbor Way, Suite 4, Reno, NV 89501, US". */
export function formatReturnAddress(address: Address): string {
  return [
    address.line1,
    address.line2,
    address.city,
    `${address.state} ${address.postalCode}`,
    address.country,
  ]
    .filter(Boolean)
    .join(", ");
}
