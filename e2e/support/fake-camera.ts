import { writeFileSync } from "node:fs";
import bwipjs from "bwip-js/node";

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`), made of real barcodes: bwip-js
 * encodes each code (the bars, or the modules of a 2D code) and this draws them, black on white, into Y4M frames
 * (a grey-scale picture: the Y plane, with neutral U and V). Chromium plays the file in a loop as the camera's
 * picture. Used by e2e/camera-scan.spec.ts and scripts/bench-camera-scan.ts.
 */

export const FAKE_CAMERA_ARGS = (file: string) => [
  "--use-fake-device-for-media-stream",
  // Grants the camera without the permission prompt, which a headless browser cannot answer.
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-video-capture=${file}`,
];

export type Symbology = "upca" | "ean13" | "code128" | "code39" | "qrcode" | "datamatrix";

/** The camera's picture in pixels; a ready-made frame (`luma`) is this size. */
export const FAKE_CAMERA_FRAME = { width: 640, height: 480 } as const;

/**
 * One stretch of the video, `frames` frames long: a code bwip-js encodes here, an empty white card (`code`
 * null), or a picture made elsewhere (`luma`: FAKE_CAMERA_FRAME's width × height grey levels, row by row), e.g.
 * a printed label rendered from its PDF.
 */
export type Shot =
  | { code: { symbology: Symbology; text: string } | null; frames: number }
  | { luma: Uint8Array; frames: number };

const WIDTH = FAKE_CAMERA_FRAME.width;
const HEIGHT = FAKE_CAMERA_FRAME.height;
const WHITE = 245;
const BLACK = 20;

type Linear = { sbs: number[] };
type Matrix = { pixs: number[]; pixx: number; pixy: number };

/** Draws one code, centred, into a white frame of WIDTH × HEIGHT luma bytes. */
function drawCode(symbology: Symbology, text: string): Uint8Array {
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  const fill = (x0: number, y0: number, width: number, height: number) => {
    for (let y = y0; y < y0 + height; y++) luma.fill(BLACK, y * WIDTH + x0, y * WIDTH + x0 + width);
  };
  const [symbol] = bwipjs.raw(symbology, text, {}) as (Linear | Matrix)[];
  if (!symbol) throw new Error(`bwip-js drew nothing for ${symbology} ${text}`);
  if ("sbs" in symbol) {
    // Bars and spaces alternate, bars first; ten modules of quiet zone each side.
    const modules = symbol.sbs.reduce((sum, width) => sum + width, 0);
    const module = Math.floor((WIDTH * 0.85) / (modules + 20));
    const barHeight = Math.round(HEIGHT * 0.35);
    let x = Math.round((WIDTH - modules * module) / 2);
    const top = Math.round((HEIGHT - barHeight) / 2);
    symbol.sbs.forEach((width, index) => {
      if (index % 2 === 0) fill(x, top, width * module, barHeight);
      x += width * module;
    });
  } else {
    const module = Math.floor((HEIGHT * 0.6) / Math.max(symbol.pixx, symbol.pixy));
    const left = Math.round((WIDTH - symbol.pixx * module) / 2);
    const top = Math.round((HEIGHT - symbol.pixy * module) / 2);
    for (let row = 0; row < symbol.pixy; row++) {
      for (let column = 0; column < symbol.pixx; column++) {
        if (symbol.pixs[row * symbol.pixx + column])
          fill(left + column * module, top + row * module, module, module);
      }
    }
  }
  return luma;
}

function checkedFrame(luma: Uint8Array): Uint8Array {
  if (luma.length !== WIDTH * HEIGHT)
    throw new Error(`a frame is ${WIDTH}x${HEIGHT} bytes, not ${luma.length}`);
  return luma;
}

/** Writes the shots, in order, as a Y4M file of `fps` frames a second; Chromium loops it. */
export function writeFakeCameraVideo(file: string, shots: readonly Shot[], fps = 15): void {
  const blank = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const shot of shots) {
    const luma =
      "luma" in shot
        ? checkedFrame(shot.luma)
        : shot.code
          ? drawCode(shot.code.symbology, shot.code.text)
          : blank;
    for (let frame = 0; frame < shot.frames; frame++) parts.push(Buffer.from("FRAME\n"), luma, chroma);
  }
  writeFileSync(file, Buffer.concat(parts));
}
