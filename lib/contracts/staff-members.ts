import {
  addedStaffMemberResponseSchema,
  addStaffMemberRequestSchema,
  setPasswordLinkResponseSchema,
  staffMemberListResponseSchema,
  staffMemberResponseSchema,
  updateStaffMemberRequestSchema,
} from "../schemas/staff-members";
import { AUTH, defineContract, id, noStore, storeParams } from "./contract";

const memberParams = storeParams.extend({
  staffMemberId: id("The staff member's user id (`usr_…`)."),
});

const STAFF_ONLY =
  "Store admins only, with a session of the web app (Settings -> Team): an API secret gets 403 " +
  "`auth/forbidden`, so a leaked secret cannot add people or change roles.";
const TAG = "Team";

/** A store's team (docs/team.md): list, add (with a one-time set-password link), change role, remove. */

export const listStaffMembers = defineContract({
  method: "get",
  path: "/stores/{storeId}/staff-members",
  operationId: "listStaffMembers",
  resource: "staff-member",
  access: "admin",
  principals: ["staff"],
  summary: "List staff members",
  description: `Everyone with a role in the store, by name. ${STAFF_ONLY}`,
  tag: TAG,
  params: storeParams,
  responses: { 200: { description: "The store's team.", schema: staffMemberListResponseSchema } },
  errors: AUTH,
});

export const addStaffMember = defineContract({
  method: "post",
  path: "/stores/{storeId}/staff-members",
  operationId: "addStaffMember",
  resource: "staff-member",
  access: "admin",
  principals: ["staff"],
  summary: "Add staff member",
  description:
    "Adds someone with a role. A new email creates a user who cannot sign in until they choose a password " +
    "through `set_password.url` (single use, 72 hours; shown in this response only, hand it over: there " +
    "is no mail server). An email that already belongs to a user only adds the membership (`account`: " +
    "`restored` for someone removed from this store before, `existing` otherwise), and `set_password` is " +
    "null unless they never chose a password and work in no other store. 409 " +
    `\`staff-member/already-member\` if they are one. ${STAFF_ONLY}`,
  tag: TAG,
  params: storeParams,
  body: addStaffMemberRequestSchema,
  responses: { 201: { description: "Added.", schema: addedStaffMemberResponseSchema, headers: noStore } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const getStaffMember = defineContract({
  method: "get",
  path: "/stores/{storeId}/staff-members/{staffMemberId}",
  operationId: "getStaffMember",
  resource: "staff-member",
  access: "admin",
  principals: ["staff"],
  storeOf: "staffUser",
  summary: "Get staff member",
  description: STAFF_ONLY,
  tag: TAG,
  params: memberParams,
  responses: { 200: { description: "The member.", schema: staffMemberResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateStaffMember = defineContract({
  method: "patch",
  path: "/stores/{storeId}/staff-members/{staffMemberId}",
  operationId: "updateStaffMember",
  resource: "staff-member",
  access: "admin",
  principals: ["staff"],
  storeOf: "staffUser",
  summary: "Change a staff member's role",
  description:
    "Takes effect on the member's next request. Demoting the store's last admin answers 409 " +
    `\`staff-member/last-admin\`. ${STAFF_ONLY}`,
  tag: TAG,
  params: memberParams,
  body: updateStaffMemberRequestSchema,
  responses: { 200: { description: "The member with the new role.", schema: staffMemberResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const removeStaffMember = defineContract({
  method: "delete",
  path: "/stores/{storeId}/staff-members/{staffMemberId}",
  operationId: "removeStaffMember",
  resource: "staff-member",
  access: "admin",
  principals: ["staff"],
  storeOf: "staffUser",
  summary: "Remove staff member",
  description:
    "Removes the member from this store at once (their next request here is refused). A user left without " +
    "any store also loses every session. Removing the store's last admin answers 409 " +
    `\`staff-member/last-admin\`. ${STAFF_ONLY}`,
  tag: TAG,
  params: memberParams,
  responses: { 204: { description: "Removed." } },
  errors: [...AUTH, 404, 409],
});

export const createSetPasswordLink = defineContract({
  method: "post",
  path: "/stores/{storeId}/staff-members/{staffMemberId}/set-password-link",
  operationId: "createSetPasswordLink",
  resource: "staff-member",
  access: "admin",
  principals: ["staff"],
  storeOf: "staffUser",
  summary: "New set-password link",
  description:
    "A new one-time link (72 hours) for a member whose only store is this one: the first link was lost, or " +
    "they forgot their password. It replaces any earlier link; using it ends the member's sessions. For " +
    "someone who also works in other stores: 409 `staff-member/link-not-allowed` (an admin of one store " +
    `must not take over an account other stores trust). ${STAFF_ONLY}`,
  tag: TAG,
  params: memberParams,
  responses: { 201: { description: "The link.", schema: setPasswordLinkResponseSchema, headers: noStore } },
  errors: [...AUTH, 404, 409],
});
