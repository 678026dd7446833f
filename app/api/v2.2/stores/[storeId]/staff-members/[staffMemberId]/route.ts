import { staffMemberPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import type { Db } from "@/lib/db";
import {
  changeStaffMemberRole,
  findStaffMemberStore,
  getStaffMember,
  removeStaffMember,
  STAFF_MEMBER_RESOURCE,
} from "@/lib/domain/staff-members";
import { updateStaffMemberRequestSchema } from "@/lib/schemas/staff-members";

const spec = {
  resource: STAFF_MEMBER_RESOURCE,
  access: "admin",
  principals: ["staff"],
  params: staffMemberPath,
  // The member must be this store's (404 otherwise) before a body is read.
  store: ({ db, params }: { db: Db; params: { storeId: string; staffMemberId: string } }) =>
    findStaffMemberStore(db, params),
} as const;

export const GET = apiRoute(spec, async ({ db, params }) => {
  return json({ staff_member: await getStaffMember(db, params.storeId, params.staffMemberId) });
});

export const PATCH = apiRoute(
  { ...spec, body: updateStaffMemberRequestSchema },
  async ({ db, params, body }) => {
    const member = await changeStaffMemberRole(
      db,
      params.storeId,
      params.staffMemberId,
      body.staff_member.role,
    );
    return json({ staff_member: member });
  },
);

export const DELETE = apiRoute(spec, async ({ db, params }) => {
  await removeStaffMember(db, params.storeId, params.staffMemberId);
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["GET", "PATCH", "DELETE"]);
