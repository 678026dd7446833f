import { imageFileProblem, readAsDataUrl } from "@/components/returns/comment-attachment";

/**
 * A damage photo from the tablet's camera or a file, as the data: URL a receipt line sends. Camera photos are
 * several megabytes: above SHRINK_ABOVE_BYTES they are redrawn at most MAX_EDGE pixels wide or high as JPEG,
 * which keeps the damage readable, uploads quickly on the dock's Wi-Fi, and leaves the pending receipt small
 * enough for localStorage. The API's limits (type, 5 MiB) are checked on what is finally sent.
 */

const SHRINK_ABOVE_BYTES = 1024 * 1024;
const MAX_EDGE = 1600;
const JPEG_QUALITY = 0.85;

async function shrink(file: File): Promise<File | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY),
    );
    return blob ? new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" }) : null;
  } finally {
    bitmap.close();
  }
}

export async function photoFromFile(file: File): Promise<{ dataUrl: string } | { problem: string }> {
  let chosen = file;
  // GIFs are left alone (redrawing would keep one frame); anything else large, or in a format the API does
  // not take (HEIC from a photo library), is redrawn when the browser can decode it.
  const unsupported = imageFileProblem(file) !== null && file.type.startsWith("image/");
  if (file.type !== "image/gif" && (file.size > SHRINK_ABOVE_BYTES || unsupported)) {
    chosen = (await shrink(file).catch(() => null)) ?? file;
  }
  const problem = imageFileProblem(chosen);
  if (problem) return { problem };
  return { dataUrl: await readAsDataUrl(chosen) };
}
