import { z } from "zod";
import { PILL_THEMES, RETURN_TAG_SOURCES } from "../enums";
import { tagNameSchema } from "./return-lifecycle";

/** The store's return-tag catalogue, as the published `return-tag.schema` and its operations shape it. */

const pillThemeSchema = z.enum(PILL_THEMES).meta({ description: "Color theme of the tag's pill." });

const catalogueTagSchema = z
  .object({
    name: z.string().meta({ description: "The tag's display name. Case-sensitive." }),
    kind: z.literal("return"),
    pillTheme: pillThemeSchema,
    source: z.enum(RETURN_TAG_SOURCES).meta({ description: "Where the tag originated." }),
    numericId: z.number().nullable().meta({ description: "Always null: Backroom assigns no numeric ids." }),
  })
  .meta({ id: "CatalogueReturnTag", description: "A return tag defined for a store." });
export type CatalogueTag = z.infer<typeof catalogueTagSchema>;

export const catalogueTagsResponseSchema = z
  .object({ tags: z.array(catalogueTagSchema) })
  .meta({ id: "CatalogueReturnTagsResponse" });

export const upsertCatalogueTagBodySchema = z
  .object({
    pillTheme: pillThemeSchema,
    newName: tagNameSchema
      .optional()
      .meta({ description: "Renames the tag when it differs from the path `name`; returns follow." }),
  })
  .meta({ id: "ReturnTagUpsertRequest" });

export const catalogueTagResponseSchema = z
  .object({ tag: catalogueTagSchema })
  .meta({ id: "CatalogueReturnTagResponse" });
