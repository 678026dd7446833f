import { apiRoute, json } from "@/lib/api/route";
import { staffMembers } from "@/lib/contracts";
import { changeStaffMemberRole, getStaffMember, removeStaffMember } from "@/lib/domain/staff-members";

export const GET = apiRoute(staffMembers.getStaffMember, async ({ db, params }) => {
  return json({ staff_member: await getStaffMember(db, params.storeId, params.staffMemberId) });
});

export const PATCH = apiRoute(staffMembers.updateStaffMember, async ({ db, params, body }) => {
  const member = await changeStaffMemberRole(
    db,
    params.storeId,
    params.staffMemberId,
    body.staff_member.role,
  );
  return json({ staff_member: member });
});

export const DELETE = apiRoute(staffMembers.removeStaffMember, async ({ db, params }) => {
  await removeStaffMember(db, params.storeId, params.staffMemberId);
  return new Response(null, { status: 204 });
});
