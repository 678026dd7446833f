"use client";

import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";

/**
 * Sonner's rich colours with text dark enough for WCAG AA (its own greens, reds and blues reach only about
 * 4.3:1 on their tints): Tailwind's 800 shades on the same backgrounds.
 */
const ACCESSIBLE_RICH_COLORS = {
  "--success-text": "#065f46",
  "--info-text": "#075985",
  "--warning-text": "#92400e",
  "--error-text": "#991b1b",
} as CSSProperties;

/**
 * The app's toaster. A modal dialog makes the rest of the page inert and covers it, so a dialog that toasts
 * while open renders its own `<Toaster id>` inside it and passes that id as the toast's `toasterId`.
 */
export function Toaster({ id }: { id?: string }) {
  return (
    <SonnerToaster id={id} position="bottom-right" richColors closeButton style={ACCESSIBLE_RICH_COLORS} />
  );
}
