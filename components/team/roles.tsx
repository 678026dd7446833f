import { STAFF_ROLES, type StaffRole } from "@/lib/enums";

export const ROLE_HELP =
  "Viewers read; editors also set identifiers and comment; admins also manage settings, webhooks and the team.";

/** A role by its name ("Viewer"). */
export function roleName(role: StaffRole): string {
  return `${role[0]?.toUpperCase()}${role.slice(1)}`;
}

/** What each role may do, as a sentence about one person. */
export const ROLE_ABILITIES: Record<StaffRole, string> = {
  viewer: "reads everything and changes nothing",
  editor: "also sets identifiers, comments and works on returns, shipments and stock",
  admin: "can do everything, store settings, webhooks, API secrets and the team included",
};

/** The roles as a select's options, by their names ("Viewer", "Editor", "Admin"). */
export function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {roleName(role)}
    </option>
  ));
}
