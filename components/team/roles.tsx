import { STAFF_ROLES } from "@/lib/enums";

export const ROLE_HELP =
  "Viewers read; editors also set identifiers and comment; admins also manage settings, webhooks and the team.";

/** The roles as a select's options, by their names ("Viewer", "Editor", "Admin"). */
export function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {role[0]?.toUpperCase()}
      {role.slice(1)}
    </option>
  ));
}
