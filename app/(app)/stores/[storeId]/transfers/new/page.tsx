import { NewTransferPage } from "@/components/transfers/new-transfer-page";

export const metadata = { title: "New transfer" };

export default function NewTransferRoute() {
  return <NewTransferPage />;
}
