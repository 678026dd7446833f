"use client";

import { Flashlight, FlashlightOff, RotateCcw } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Detection } from "./barcode-detection";
import { decodedText } from "./decoded-text";
import { createRepeatFilter } from "./repeat-filter";
import { REPLY_TONES, type ScanReply } from "./scan-reply";
import { useCamera } from "./use-camera";

/** How long the outline and the frame's flash stay after a scan. */
const HIGHLIGHT_MS = 900;

/**
 * The performance entry each camera scan leaves: from the moment the decoder was given the frame to the
 * first paint showing the outline and the reply (scripts/bench-camera-scan.ts reads them; docs/performance.md).
 */
const SCAN_MEASURE = "backroom:scan-decode-to-highlight";

export type CameraScanDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** A decoded code, exactly as a hardware scanner would have typed it; says what it did. */
  onCode: (code: string) => ScanReply | undefined;
  /** Counting units (Receive mode): a code read again within the repeat window may be counted on request. */
  countsUnits: boolean;
};

type Scan = {
  seq: number;
  code: string;
  reply: ScanReply | undefined;
  /** The code's corners in the video's pixels, when the camera read it (not for "Count again"). */
  outline: { points: Detection["cornerPoints"]; width: number; height: number } | null;
  /** performance.now() when the decoder got the frame, and when it answered. */
  startedAt: number | null;
  decodedAt: number | null;
  /** The camera saw the code again within the window, and it was not counted. */
  repeated: boolean;
};

/**
 * The live camera for a scanning place: preview, an outline on each code read, the place's reply, a short
 * vibration, the torch where the camera has one, and clear words when the camera cannot be used.
 */
export function CameraScanDialog({
  open,
  onClose,
  title,
  description,
  onCode,
  countsUnits,
}: CameraScanDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [filter] = useState(createRepeatFilter);
  const [scan, setScan] = useState<Scan | null>(null);
  // The scan whose highlight has faded: the newest scan is highlighted until then.
  const [fadedSeq, setFadedSeq] = useState(0);
  const last = useRef<Scan | null>(null);
  last.current = scan;

  /** Hands `code` to the place; true when its reply ends the camera's use (and the dialog closes). */
  const count = (code: string, detection: Detection | null, startedAt: number | null): boolean => {
    const decodedAt = detection ? performance.now() : null;
    const element = video.current;
    let reply: ScanReply | undefined;
    // Rendered now, the place's page and this dialog together, rather than in a task scheduled for later: the
    // highlight is what the person waits for.
    flushSync(() => {
      reply = onCode(code);
      setScan((previous) => ({
        seq: (previous?.seq ?? 0) + 1,
        code,
        reply,
        outline:
          detection && element
            ? { points: detection.cornerPoints, width: element.videoWidth, height: element.videoHeight }
            : null,
        startedAt,
        decodedAt,
        repeated: false,
      }));
    });
    navigator.vibrate?.(reply?.tone === "success" ? 60 : [60, 80, 60]);
    if (reply?.done) onClose();
    return reply?.done === true;
  };

  const onDetections = (detections: Detection[], startedAt: number): boolean => {
    const codes = detections.map((detection) => decodedText(detection.rawValue, detection.format));
    const fresh = filter.frame(codes, performance.now());
    // Each new code of the frame is a scan, in the frame's order, until one ends what the camera was for.
    for (const code of fresh) {
      const detection = detections[codes.indexOf(code)];
      if (detection && count(code, detection, startedAt)) break;
    }
    if (fresh.length > 0) return true;
    // Seen again: said once, so a code held in view does not re-render the dialog at every frame.
    const current = last.current;
    if (countsUnits && current && !current.repeated && codes.includes(current.code))
      setScan({ ...current, repeated: true });
    return false;
  };

  const { state, setTorch, retry } = useCamera(video, open, onDetections);

  // Closing forgets what was seen: reopened, the camera counts the code in view again.
  useEffect(() => {
    if (open) return;
    filter.reset();
    setScan(null);
  }, [open, filter]);

  // The highlight of each new scan, and its performance entry once a frame showing it has been painted.
  const seq = scan?.seq ?? 0;
  useLayoutEffect(() => {
    const current = last.current;
    if (!current || current.seq !== seq) return;
    const timer = setTimeout(() => setFadedSeq(seq), HIGHLIGHT_MS);
    const { startedAt, decodedAt } = current;
    if (startedAt !== null && decodedAt !== null) {
      const committedAt = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() =>
          performance.measure(SCAN_MEASURE, {
            start: startedAt,
            end: performance.now(),
            detail: {
              code: current.code,
              decodeMs: decodedAt - startedAt,
              // The place's handler and the render of its page and this dialog.
              renderMs: committedAt - decodedAt,
            },
          }),
        ),
      );
    }
    return () => clearTimeout(timer);
  }, [seq]);

  const live = state.status === "live" ? state : null;
  const highlighted = scan !== null && scan.seq !== fadedSeq;
  const outline = highlighted ? scan?.outline : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={title}
      description={description}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {state.status === "problem" ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{state.problem.title}</p>
          <p className="mt-1 text-sm">{state.problem.text}</p>
          {state.problem.retry ? (
            <Button className="mt-3" onClick={retry}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      <div
        className={`relative mx-auto aspect-[4/3] max-h-[40vh] w-full overflow-hidden rounded-md bg-slate-900 ring-4 transition-shadow motion-reduce:transition-none ${
          highlighted ? "ring-emerald-400" : "ring-transparent"
        } ${state.status === "problem" ? "hidden" : ""}`}
      >
        <video ref={video} muted playsInline aria-label="Camera preview" className="size-full object-cover" />
        {/* Same box and scaling as the video (object-cover = slice), so the corners land on the code. */}
        {outline ? (
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${outline.width} ${outline.height}`}
            preserveAspectRatio="xMidYMid slice"
            className="pointer-events-none absolute inset-0 size-full"
          >
            <polygon
              points={outline.points.map((p) => `${p.x},${p.y}`).join(" ")}
              className="fill-emerald-400/25 stroke-emerald-400"
              strokeWidth={Math.max(3, outline.width / 160)}
              strokeLinejoin="round"
            />
          </svg>
        ) : null}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-[12%] top-1/2 h-2/5 -translate-y-1/2 rounded-lg border-2 border-white/70"
        />
        {state.status === "starting" ? (
          <p className="absolute inset-x-0 bottom-3 text-center text-sm font-medium text-white">
            Starting the camera…
          </p>
        ) : null}
      </div>
      <p
        role="status"
        aria-live="polite"
        aria-label="Camera scan"
        className={`mt-3 min-h-11 rounded-md border px-3 py-2.5 text-base font-medium ${REPLY_TONES[scan?.reply?.tone ?? "info"]}`}
      >
        {scan
          ? `${scan.reply?.text ?? `Read ${scan.code}.`}${scan.repeated ? ` Seen again: not counted twice.` : ""}`
          : live
            ? "Hold a barcode or QR code inside the frame."
            : state.status === "starting"
              ? "Starting the camera…"
              : "The camera is off."}
      </p>
      {live && (live.torch !== "unavailable" || (countsUnits && scan)) ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {countsUnits && scan ? (
            <Button onClick={() => count(scan.code, null, null)}>Count {scan.code} again</Button>
          ) : null}
          {live.torch !== "unavailable" ? (
            <Button aria-pressed={live.torch === "on"} onClick={() => void setTorch(live.torch !== "on")}>
              {live.torch === "on" ? (
                <FlashlightOff className="size-4" aria-hidden="true" />
              ) : (
                <Flashlight className="size-4" aria-hidden="true" />
              )}
              Torch
            </Button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
