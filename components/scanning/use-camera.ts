"use client";

import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { Detection } from "./barcode-detection";
import { type CameraProblem, cameraProblemBeforeStart, cameraProblemOf } from "./camera-problems";

export type TorchState = "unavailable" | "off" | "on";

export type CameraState =
  | { status: "starting" }
  | { status: "live"; engine: "native" | "wasm"; torch: TorchState }
  | { status: "problem"; problem: CameraProblem };

/** `torch` is in the Image Capture spec, not yet in TypeScript's DOM types. */
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraints = MediaTrackConstraintSet & { torch?: boolean };

/** The decoder failed to load (its chunk or its WebAssembly): a problem of the page, not of the camera. */
class DecoderLoadError extends Error {}

/**
 * The camera while `active`: the rear camera preferred (`facingMode: environment`), its stream in `video`, and
 * the decoder (loaded on the first activation, see barcode-detection.ts) reading frame after frame, one
 * at a time, as the video produces them. `onDetections` gets each frame's codes (none, often) and when
 * reading that frame began (performance.now()). Everything stops (tracks, frame callbacks) when `active` turns false or the
 * component goes away, so the camera light goes off with the dialog.
 */
export function useCamera(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  /** True when the codes made a scan (something new to show). */
  onDetections: (detections: Detection[], startedAt: number) => boolean,
) {
  const [state, setState] = useState<CameraState>({ status: "starting" });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onDetections);
  latest.current = onDetections;
  const track = useRef<MediaStreamTrack | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the camera (Try again).
  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let cancelFrame = () => {};
    const before = cameraProblemBeforeStart({
      secure: window.isSecureContext,
      host: window.location.host,
      hasCameraApi: typeof navigator.mediaDevices?.getUserMedia === "function",
    });
    if (before) {
      setState({ status: "problem", problem: before });
      return;
    }
    setState({ status: "starting" });
    // The decoder loads while the person answers the permission prompt.
    const detectorLoad = import("./barcode-detection")
      .then(({ createDetector }) => createDetector())
      .catch((error: unknown) => {
        throw new DecoderLoadError(error instanceof Error ? error.message : String(error));
      });
    detectorLoad.catch(() => undefined);

    // The next read: on the next video frame (where the browser says when one arrives; else the next animation
    // frame), as a task of its own rather than inside the frame's rendering steps, since a WebAssembly decode
    // holds the main thread and would hold that frame's paint. After a scan, only once the highlight has been
    // painted: the next decode would otherwise stand between the scan and the sight of it.
    const schedule = (read: () => Promise<void>, afterPaint: boolean) => {
      if (stopped) return;
      if (afterPaint) {
        requestAnimationFrame(() => setTimeout(() => schedule(read, false)));
        return;
      }
      const task = () => setTimeout(() => void read());
      if ("requestVideoFrameCallback" in element) {
        const request = element.requestVideoFrameCallback(task);
        cancelFrame = () => element.cancelVideoFrameCallback(request);
      } else {
        const request = requestAnimationFrame(task);
        cancelFrame = () => cancelAnimationFrame(request);
      }
    };

    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
        if (stopped) return;
        element.srcObject = stream;
        await element.play();
        const detector = await detectorLoad;
        if (stopped) return;
        const videoTrack = stream.getVideoTracks()[0] ?? null;
        track.current = videoTrack;
        const capabilities = videoTrack?.getCapabilities?.() as TorchCapabilities | undefined;
        setState({
          status: "live",
          engine: detector.engine,
          torch: capabilities?.torch ? "off" : "unavailable",
        });
        const read = async () => {
          if (stopped) return;
          let scanned = false;
          if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
            const startedAt = performance.now();
            try {
              const found = await detector.detect(element);
              // Frames without a code matter too: they tell that a code left the view.
              if (!stopped) scanned = latest.current(found, startedAt);
            } catch {
              // A frame the decoder could not take (the video resizing, say): the next one will do.
            }
          }
          schedule(read, scanned);
        };
        schedule(read, false);
      } catch (error) {
        if (stopped) return;
        setState({
          status: "problem",
          problem:
            error instanceof DecoderLoadError
              ? {
                  kind: "failed",
                  title: "The barcode reader could not be loaded",
                  text: `${error.message}. Check the connection and choose Try again. Meanwhile, type the code or use a barcode scanner.`,
                  retry: true,
                }
              : cameraProblemOf(error),
        });
      }
    };
    void start();

    return () => {
      stopped = true;
      cancelFrame();
      for (const mediaTrack of stream?.getTracks() ?? []) mediaTrack.stop();
      track.current = null;
      element.srcObject = null;
    };
  }, [active, attempt, video]);

  const setTorch = useCallback(async (on: boolean) => {
    const videoTrack = track.current;
    if (!videoTrack) return;
    const advanced: TorchConstraints[] = [{ torch: on }];
    try {
      await videoTrack.applyConstraints({ advanced });
      setState((current) => (current.status === "live" ? { ...current, torch: on ? "on" : "off" } : current));
    } catch {
      // The track refused after all (some phones report a torch they cannot switch): offer it no more.
      setState((current) => (current.status === "live" ? { ...current, torch: "unavailable" } : current));
    }
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, setTorch, retry };
}
