import { storePath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { setPasswordLinkView } from "@/lib/domain/password-links";
import { addStaffMember, listStaffMembers, STAFF_MEMBER_RESOURCE } from "@/lib/domain/staff-members";
import { addStaffMemberRequestSchema } from "@/lib/schemas/staff-members";

// The team is managed by staff admins in the web app: a leaked API secret must not add people (docs/team.md).
const spec = {
  resource: STAFF_MEMBER_RESOURCE,
  access: "admin",
  principals: ["staff"],
  params: storePath,
} as const;

export const GET = apiRoute(spec, async ({ db, params }) => {
  return json({ staff_members: await listStaffMembers(db, params.storeId) });
});

export const POST = apiRoute({ ...spec, body: addStaffMemberRequestSchema }, async ({ db, params, body }) => {
  const { member, link } = await addStaffMember(db, params.storeId, body.staff_member);
  return json(
    { staff_member: member, set_password: link ? setPasswordLinkView(link) : null },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
