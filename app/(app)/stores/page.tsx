import { redirect } from "next/navigation";

/** /stores on its own is the list of the staff member's stores, which is the home page. */
export default function StoresIndex() {
  redirect("/");
}
