import { AccountPage } from "@/components/account/account-page";
import { changePassword } from "./actions";

export const metadata = { title: "Your account" };

export default function AccountSettingsPage() {
  return <AccountPage changePassword={changePassword} />;
}
