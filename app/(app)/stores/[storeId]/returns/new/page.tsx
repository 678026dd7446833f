import { NewReturnPage } from "@/components/returns/new-return-page";

export const metadata = { title: "New return" };

export default function NewReturnRoute() {
  return <NewReturnPage />;
}
