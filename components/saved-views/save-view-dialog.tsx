"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, type DialogControl } from "@/components/ui/dialog";
import { TextInput } from "@/components/ui/field";
import { isFieldError } from "@/lib/client/hooks/returns";
import { useCreateSavedView } from "@/lib/client/hooks/saved-views";
import type { SavedViewList } from "@/lib/enums";

/** Names are compared as people read them: "Late" and " late " are the same view (as the database's unique index has it). */
const sameViewName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Saves the list's current filters (its URL query) as a named view, personal or shared with the store. */
export function SaveViewDialog({
  storeId,
  list,
  query,
  takenNames,
  open,
  onClose,
}: {
  storeId: string;
  list: SavedViewList;
  query: string;
  /** The names of the views the user already sees on this list: a second one of a name is refused. */
  takenNames: string[];
} & DialogControl) {
  const create = useCreateSavedView(storeId, list);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const nameId = useId();
  const errorId = useId();
  const taken = takenNames.some((taken) => sameViewName(taken, name));
  const error = taken
    ? `A view named “${name.trim()}” already exists on this list. Choose another name.`
    : create.error
      ? isFieldError(create.error)
        ? create.error.errors.map((issue) => issue.message).join(" ")
        : create.error.message
      : null;
  const submit = () =>
    create.mutate(
      { name: name.trim(), query, shared },
      {
        onSuccess: () => {
          setName("");
          setShared(false);
          onClose();
        },
      },
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Save view"
      description={
        query ? `Filters: ${decodeURIComponent(query.replaceAll("+", " "))}` : "No filters: the whole list."
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            pending={create.isPending}
            disabled={!name.trim() || taken}
            onClick={submit}
          >
            Save view
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() && !taken) submit();
        }}
      >
        <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
          Name
        </label>
        <TextInput
          id={nameId}
          data-autofocus
          className="mt-1"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={shared}
            onChange={(event) => setShared(event.target.checked)}
            className="size-4 accent-indigo-600"
          />
          Share with everyone in the store
        </label>
      </form>
    </Dialog>
  );
}
