import { z } from "zod";

/** Header paging shared by every list (interface: X-Page-Size, X-Page-Continue, X-Page-Next). */

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;

export const pageHeadersSchema = z.object({
  "x-page-size": z
    .string()
    .regex(/^\d{1,3}$/, `X-Page-Size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`)
    .transform(Number)
    .pipe(
      z
        .int()
        .min(1, "X-Page-Size must be at least 1.")
        .max(PAGE_SIZE_MAX, `X-Page-Size must be at most ${PAGE_SIZE_MAX}.`),
    )
    .optional()
    .meta({ description: `Page size, 1 to ${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}.` }),
  "x-page-continue": z
    .string()
    .min(1)
    .max(512)
    .optional()
    .meta({ description: "Page marker taken from the X-Page-Next response header." }),
});
export type PageHeaders = z.infer<typeof pageHeadersSchema>;
