import type { Db } from "../../db";
import type { Return } from "../../schemas/returns";
import type { Actor } from "../actor";
import { NotFoundError } from "../errors";
import { getReturnStatus, setReturnStatus } from "./lifecycle";
import { loadReturnView } from "./serialize";

/**
 * `POST /returns/{returnId}/flag` and `/unflag`, aliases of PUT status (docs/returns-lifecycle.md): flag
 * sets `flagged` (a flagged return stays as it is; a finished one is 409 like PUT status); unflag sets
 * `open`, which resumes the status the return had before it was flagged, and leaves a return that is not
 * flagged as it is. Answers the return as it stands afterwards.
 */
export async function setReturnFlag(
  db: Db,
  input: { storeId: string; returnId: string; actor: Actor; flagged: boolean },
): Promise<Return> {
  const target = { storeId: input.storeId, returnId: input.returnId, actor: input.actor };
  if (input.flagged) {
    await setReturnStatus(db, { ...target, status: "flagged" });
  } else if (
    (await getReturnStatus(db, { returnId: input.returnId, storeIds: [input.storeId] })) === "flagged"
  ) {
    // A concurrent unflag between the read and the write makes this a resume of an unflagged return: the
    // status check under the row lock then refuses or no-ops it like any PUT status.
    await setReturnStatus(db, { ...target, status: "open" });
  }
  const view = await loadReturnView(db, { returnId: input.returnId, storeIds: [input.storeId] });
  if (!view) throw new NotFoundError("return", input.returnId);
  return view.return;
}
