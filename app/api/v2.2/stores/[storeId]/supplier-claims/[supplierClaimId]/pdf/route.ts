import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierClaims } from "@/lib/contracts";
import { supplierClaimPdf } from "@/lib/domain/suppliers/documents";

export const GET = apiRoute(supplierClaims.getSupplierClaimPdf, async ({ db, params }) => {
  const pdf = await supplierClaimPdf(db, { ...params, publicUrl: readConfig().publicUrl });
  return new Response(new Uint8Array(pdf.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
      "Cache-Control": "no-store",
    },
  });
});
