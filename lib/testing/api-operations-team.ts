import * as staffMemberById from "@/app/api/v2.2/stores/[storeId]/staff-members/[staffMemberId]/route";
import * as setPasswordLink from "@/app/api/v2.2/stores/[storeId]/staff-members/[staffMemberId]/set-password-link/route";
import * as staffMembers from "@/app/api/v2.2/stores/[storeId]/staff-members/route";
import type { ApiOperation } from "./api-operations";

const memberPath = (s: string, id: string) => `/stores/${s}/staff-members/${id}`;

/** The team operations of the cross-tenant table: staff sessions of admins only. */
export const teamOperations: ApiOperation[] = [
  {
    name: "GET /stores/{storeId}/staff-members",
    handler: staffMembers.GET,
    method: "GET",
    access: "admin",
    staffOnly: true,
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/staff-members`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "POST /stores/{storeId}/staff-members",
    handler: staffMembers.POST,
    method: "POST",
    access: "admin",
    staffOnly: true,
    store: true,
    ok: [201],
    path: (s) => `/stores/${s}/staff-members`,
    params: (s) => ({ storeId: s }),
    // A new email per call, so an allowed call is never a 409 "already a member".
    body: () => ({
      staff_member: {
        email: `probe-${Math.random().toString(36).slice(2)}@example.com`,
        name: "Cross-tenant probe",
        role: "viewer",
      },
    }),
  },
  {
    name: "GET /stores/{storeId}/staff-members/{staffMemberId}",
    handler: staffMemberById.GET,
    method: "GET",
    access: "admin",
    staffOnly: true,
    store: true,
    resource: "staff-member",
    ok: [200],
    path: (s, ids) => memberPath(s, ids.staffMemberId),
    params: (s, ids) => ({ storeId: s, staffMemberId: ids.staffMemberId }),
  },
  {
    name: "PATCH /stores/{storeId}/staff-members/{staffMemberId}",
    handler: staffMemberById.PATCH,
    method: "PATCH",
    access: "admin",
    staffOnly: true,
    store: true,
    resource: "staff-member",
    ok: [200],
    path: (s, ids) => memberPath(s, ids.staffMemberId),
    params: (s, ids) => ({ storeId: s, staffMemberId: ids.staffMemberId }),
    body: () => ({ staff_member: { role: "viewer" } }),
  },
  {
    name: "DELETE /stores/{storeId}/staff-members/{staffMemberId}",
    handler: staffMemberById.DELETE,
    method: "DELETE",
    access: "admin",
    staffOnly: true,
    store: true,
    resource: "staff-member",
    ok: [204],
    path: (s, ids) => memberPath(s, ids.staffMemberId),
    params: (s, ids) => ({ storeId: s, staffMemberId: ids.staffMemberId }),
  },
  {
    name: "POST /stores/{storeId}/staff-members/{staffMemberId}/set-password-link",
    handler: setPasswordLink.POST,
    method: "POST",
    access: "admin",
    staffOnly: true,
    store: true,
    resource: "staff-member",
    ok: [201],
    path: (s, ids) => `${memberPath(s, ids.staffMemberId)}/set-password-link`,
    params: (s, ids) => ({ storeId: s, staffMemberId: ids.staffMemberId }),
  },
];
