/**
 * Why the camera cannot be used, said so that the person at the dock knows what to do next. Every message ends
 * with the way that still works: typing the code or a hardware scanner.
 */

export type CameraProblem = {
  kind: "insecure" | "unsupported" | "refused" | "missing" | "busy" | "failed";
  title: string;
  text: string;
  /** Whether trying again may help without changing anything else first (a camera another app held). */
  retry: boolean;
};

const FALLBACK = "Meanwhile, type the code or use a barcode scanner.";

/**
 * A problem known before asking for the camera: browsers offer the camera only to pages of a secure context
 * (https, or localhost), and some browsers have no camera access at all.
 */
export function cameraProblemBeforeStart(page: {
  secure: boolean;
  host: string;
  hasCameraApi: boolean;
}): CameraProblem | null {
  if (!page.secure) {
    return {
      kind: "insecure",
      title: "The camera needs a secure (https) address",
      text: `Browsers allow the camera only on pages opened over https:// (or on this computer as localhost), and this page came over plain http from ${page.host}. Open Backroom at its https:// address (whoever runs Backroom sets one up). ${FALLBACK}`,
      retry: false,
    };
  }
  if (!page.hasCameraApi) {
    return {
      kind: "unsupported",
      title: "This browser cannot use a camera",
      text: `Open Backroom in a current Chrome, Edge, Safari or Firefox to scan with the camera. ${FALLBACK}`,
      retry: false,
    };
  }
  return null;
}

/** The name of a DOMException (or of anything shaped like one): getUserMedia's failures differ only by it. */
function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error && typeof error.name === "string"
    ? error.name
    : "";
}

/** The problem behind a failed `getUserMedia` (names from the Media Capture spec, and Chrome's older ones). */
export function cameraProblemOf(error: unknown): CameraProblem {
  switch (errorName(error)) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return {
        kind: "refused",
        title: "Camera access is turned off for this site",
        text: `Allow the camera for this site in the browser (the camera or lock icon beside the address, or the browser's site settings), then choose Try again. ${FALLBACK}`,
        retry: true,
      };
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return {
        kind: "missing",
        title: "No camera was found",
        text: `This device has no camera the browser can use. Connect one, or scan on a phone or tablet. ${FALLBACK}`,
        retry: true,
      };
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return {
        kind: "busy",
        title: "The camera is in use elsewhere",
        text: `Another app or browser tab is using the camera. Close it, then choose Try again. ${FALLBACK}`,
        retry: true,
      };
    default:
      return {
        kind: "failed",
        title: "The camera could not be started",
        text: `${error instanceof Error && error.message ? `The browser said: ${error.message}. ` : ""}Try again; if it keeps failing, reload the page. ${FALLBACK}`,
        retry: true,
      };
  }
}
