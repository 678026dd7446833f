/** What a scanning place says about a scan: shown under the camera's preview and in the place's own status. */
export type ScanReply = {
  tone: "success" | "warning" | "error" | "info";
  text: string;
  /** The scan did what the camera was opened for (a search found its code): the camera closes. */
  done?: boolean;
};

/** A reply's colours; the words say the same, so colour is never the only signal. */
export const REPLY_TONES: Record<ScanReply["tone"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-200 bg-slate-50 text-slate-700",
};
