import { apiRoute, json } from "@/lib/api/route";
import { staffMembers } from "@/lib/contracts";
import { setPasswordLinkView } from "@/lib/domain/password-links";
import { reissueSetPasswordLink } from "@/lib/domain/staff-members";

export const POST = apiRoute(staffMembers.createSetPasswordLink, async ({ db, params }) => {
  const link = await reissueSetPasswordLink(db, params.storeId, params.staffMemberId);
  return json(
    { set_password: setPasswordLinkView(link) },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});
