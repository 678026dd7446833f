import { z } from "zod";

/** The error body of every operation (interface "Problem details", decisions §3). */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: "Problem type: `com.service.api:<area>/<code>` or `about:blank`." }),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    instance: z.string().meta({ description: "This occurrence: `urn:request:<request id>`." }),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "Validation problems, one per invalid field." }),
    error: z
      .string()
      .optional()
      .meta({
        description:
          "The `detail` again: the `{ error }` member the real service's orders, custom order sync and " +
          "bulk-upload operations publish for their errors. Always sent; a client of the other operations can " +
          "ignore it.",
      }),
  })
  .meta({ id: "Problem" });
