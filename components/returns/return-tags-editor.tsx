"use client";

import { X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useCan } from "@/components/app/staff-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { useReturnTagCatalogue, useReturnTagChange } from "@/lib/client/hooks/return-tags";
import type { PillTheme } from "@/lib/enums";
import { MAX_TAG_NAME_LENGTH } from "@/lib/schemas/limits";
import type { Tag } from "@/lib/schemas/returns";

/** The package's many pill themes, drawn in the app's few badge tones. */
function toneOf(theme: PillTheme | undefined): BadgeTone {
  if (!theme) return "indigo";
  if (/DANGER|RED|ERROR|LIGHT_PINK/.test(theme)) return "red";
  if (/SUCCESS|GREEN/.test(theme)) return "green";
  if (/YELLOW|ORANGE|WARNING/.test(theme)) return "amber";
  if (/BLUE|NAVY/.test(theme)) return "blue";
  if (/PURPLE|PINK/.test(theme)) return "violet";
  if (/PRIMARY|BRAND|INDIGO/.test(theme)) return "indigo";
  return "gray";
}

/**
 * The return's tags, picked from the store's catalogue: editors remove one with its ×, and add one by
 * typing (the catalogue's names are suggested); a name the catalogue lacks is created with the add.
 */
export function ReturnTagsEditor({
  storeId,
  returnId,
  tags,
}: {
  storeId: string;
  returnId: string;
  tags: Tag[];
}) {
  const canWrite = useCan("write");
  const catalogue = useReturnTagCatalogue(storeId);
  const change = useReturnTagChange(storeId, returnId);
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const listId = useId();
  const themes = new Map((catalogue.data ?? []).map((tag) => [tag.name, tag.pillTheme]));
  const onReturn = new Set(tags.map((tag) => tag.name));
  const choices = (catalogue.data ?? []).filter((tag) => !onReturn.has(tag.name));
  const name = draft.trim();
  const isNew = name !== "" && catalogue.isSuccess && !themes.has(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name === "" || onReturn.has(name)) return;
    change.mutate({ kind: "add", name }, { onSuccess: () => setDraft("") });
  };

  return (
    <div className="space-y-2">
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Tags on this return">
          {tags.map((tag) => (
            <li key={tag.name} title={`Added by ${tag.source}`}>
              <Badge tone={toneOf(themes.get(tag.name))}>
                {tag.name}
                {canWrite ? (
                  <button
                    type="button"
                    className="-mr-1 ml-1 rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    aria-label={`Remove tag ${tag.name}`}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ kind: "remove", name: tag.name })}
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                ) : null}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p>None</p>
      )}
      {canWrite ? (
        <form className="flex items-center gap-2" onSubmit={submit}>
          <label htmlFor={inputId} className="sr-only">
            Add a tag
          </label>
          <TextInput
            id={inputId}
            list={listId}
            value={draft}
            maxLength={MAX_TAG_NAME_LENGTH}
            placeholder="Add a tag…"
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <datalist id={listId}>
            {choices.map((tag) => (
              <option key={tag.name} value={tag.name} />
            ))}
          </datalist>
          <Button
            type="submit"
            size="sm"
            pending={change.isPending}
            disabled={name === "" || onReturn.has(name)}
          >
            {isNew ? "Create tag" : "Add"}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
