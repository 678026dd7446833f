export type { Label } from "./label";
export { renderLabelsPdf } from "./pdf";
export { isThermalSize, renderLabelsZpl } from "./zpl";
export { type ClaimDocument, renderClaimPdf } from "./claim-pdf";
