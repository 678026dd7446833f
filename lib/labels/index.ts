export type { Label } from "./label";
export { renderLabelsPdf, SHEETS } from "./pdf";
export { isThermalSize, renderLabelsZpl, type ThermalSize } from "./zpl";
