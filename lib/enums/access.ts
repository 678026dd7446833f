/** Who may do what: staff roles, the access an operation needs, the kinds of caller, and the one role rule. */

export const STAFF_ROLES = ["admin", "editor", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an operation needs: read (viewer), write (editor: identifiers, comments) or admin (settings, team). */
export const ACCESS_LEVELS = ["read", "write", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Who calls the API: an API secret (acting as an admin of its one store) or a staff member's session. */
export const PRINCIPAL_KINDS = ["api-key", "staff"] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

const ROLE_RANK: Record<StaffRole, number> = { viewer: 0, editor: 1, admin: 2 };
const ACCESS_RANK: Record<Access, number> = { read: 0, write: 1, admin: 2 };

/** The one role rule: the API enforces it (lib/api/route.ts) and the UI hides what it would refuse. */
export function roleAllows(role: StaffRole | undefined, access: Access): boolean {
  return role !== undefined && ROLE_RANK[role] >= ACCESS_RANK[access];
}
