import { apiRoute, json } from "@/lib/api/route";
import { staffMembers } from "@/lib/contracts";
import { setPasswordLinkView } from "@/lib/domain/password-links";
import { addStaffMember, listStaffMembers } from "@/lib/domain/staff-members";

// The team is managed by staff admins in the web app: a leaked API secret must not add people (docs/team.md).

export const GET = apiRoute(staffMembers.listStaffMembers, async ({ db, params }) => {
  return json({ staff_members: await listStaffMembers(db, params.storeId) });
});

export const POST = apiRoute(staffMembers.addStaffMember, async ({ db, params, body }) => {
  const { member, account, link } = await addStaffMember(db, params.storeId, body.staff_member);
  return json(
    { staff_member: member, account, set_password: link ? setPasswordLinkView(link) : null },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});
