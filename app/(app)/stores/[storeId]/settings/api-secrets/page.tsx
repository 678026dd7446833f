import { ApiSecretsPage } from "@/components/api-secrets/api-secrets-page";

export const metadata = { title: "API secrets" };

export default async function ApiSecretsSettingsPage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  return <ApiSecretsPage storeId={storeId} />;
}
