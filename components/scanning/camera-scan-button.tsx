"use client";

import { Camera } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import type { CameraScanDialogProps } from "./camera-scan-dialog";
import type { ScanReply } from "./scan-reply";

// The dialog, its camera code and (from there) the decoder load when the camera first opens, not with the page.
const CameraScanDialog = lazyDialog(
  () => import("./camera-scan-dialog").then((module) => module.CameraScanDialog),
  (props: CameraScanDialogProps) => props.open,
);

/**
 * "Scan with camera" for a scanning place: opens the live camera, and hands each code it reads to `onCode`,
 * the same function the place's scan field calls with what a hardware scanner typed. docs/scanning.md.
 */
export function CameraScanButton({
  onCode,
  title,
  description,
  countsUnits = false,
  iconOnly = false,
  className = "",
}: {
  onCode: (code: string) => ScanReply | undefined;
  /** The dialog's title, e.g. "Scan into this receipt". */
  title: string;
  description: string;
  countsUnits?: boolean;
  /** Only the camera icon (the label read by screen readers and shown as a tooltip): for the top bar. */
  iconOnly?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        variant={iconOnly ? "ghost" : "secondary"}
        size={iconOnly ? "sm" : "md"}
        aria-haspopup="dialog"
        title={iconOnly ? "Scan with camera" : undefined}
        className={className}
      >
        <Camera className="size-4 shrink-0" aria-hidden="true" />
        {iconOnly ? <span className="sr-only">Scan with camera</span> : "Scan with camera"}
      </Button>
      <CameraScanDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        onCode={onCode}
        countsUnits={countsUnits}
      />
    </>
  );
}
