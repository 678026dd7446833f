import type { Principal } from "@/lib/api/principal";
import type { StaffRole } from "@/lib/enums";

/** The staff member acting in the store (the contracts admit sessions only, and the wrapper checked the role). */
export function viewerOf(
  principal: Principal,
  storeId: string,
): { storeId: string; userId: string; role: StaffRole } {
  return { storeId, userId: principal.id, role: principal.roles.get(storeId) ?? "viewer" };
}
