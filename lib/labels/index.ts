export { renderClaimPdf } from "./claim-pdf";
export type { Label } from "./label";
export { renderLabelsPdf } from "./pdf";
export { isThermalSize, renderLabelsZpl } from "./zpl";
