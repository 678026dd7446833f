import { staffMemberPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { setPasswordLinkView } from "@/lib/domain/password-links";
import {
  findStaffMemberStore,
  reissueSetPasswordLink,
  STAFF_MEMBER_RESOURCE,
} from "@/lib/domain/staff-members";

export const POST = apiRoute(
  {
    resource: STAFF_MEMBER_RESOURCE,
    access: "admin",
    principals: ["staff"],
    params: staffMemberPath,
    store: ({ db, params }) => findStaffMemberStore(db, params),
  },
  async ({ db, params }) => {
    const link = await reissueSetPasswordLink(db, params.storeId, params.staffMemberId);
    return json(
      { set_password: setPasswordLinkView(link) },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
