import { formatBytes } from "@/lib/client/format";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "@/lib/schemas/limits";

/**
 * Checks of an image before it is sent as a comment, with the API's own limits (decisions §5), so a
 * too-large or unsupported file is refused at once with a message that says what to do instead of after
 * a multi-megabyte upload. The API still checks the bytes themselves.
 */

export const ACCEPTED_IMAGE_TYPES = IMAGE_TYPES.join(",");
const TYPE_NAMES = "PNG, JPEG, GIF or WebP";

/** What is wrong with `file` as a comment image, or null when it can be sent. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  const type = file.type === "image/jpg" ? "image/jpeg" : file.type;
  const label = file.name ? `“${file.name}”` : "The pasted file";
  if (!(IMAGE_TYPES as readonly string[]).includes(type)) {
    const kind = file.type ? ` (${file.type})` : "";
    return `${label}${kind} cannot be attached: choose a ${TYPE_NAMES} image.`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${label} is ${formatBytes(file.size)}: images can be at most ${formatBytes(MAX_IMAGE_BYTES)}.`;
  }
  if (file.size === 0) return `${label} is empty.`;
  return null;
}

/** The first file among pasted or dropped items, preferring an image. */
export function pickFile(files: readonly File[]): File | null {
  return files.find((file) => file.type.startsWith("image/")) ?? files[0] ?? null;
}

/** The file as a `data:<type>;base64,…` URL, the form the API accepts. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/**
 * Comment images are served by this app's API under the URL the server was configured with. Loading
 * them by path keeps them on the page's own origin (and its session cookie) even when the page was
 * opened under another host name than the configured one (127.0.0.1 versus localhost, a proxy).
 */
export function commentImageSrc(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.pathname.startsWith("/api/v2.2/comment-images/")) return parsed.pathname;
  } catch {
    // Not an absolute URL: use it as it is.
  }
  return url;
}
