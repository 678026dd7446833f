import { SuppliersPage } from "@/components/suppliers/suppliers-page";

export const metadata = { title: "Suppliers" };

export default function SuppliersRoute() {
  return <SuppliersPage />;
}
