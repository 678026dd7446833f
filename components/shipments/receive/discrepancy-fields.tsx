"use client";

import { Camera, X } from "lucide-react";
import { useState } from "react";
import { describedBy, FieldError, Select, TextArea } from "@/components/ui/field";
import { humanize } from "@/lib/client/format";
import { RECEIPT_DISCREPANCY_REASONS, type ReceiptDiscrepancyReason } from "@/lib/enums";
import {
  type DiscrepancyField,
  type PendingAction,
  type PendingLine,
  PHOTOS_PER_LINE,
} from "./pending-receipt";
import { photoFromFile } from "./photo";
import type { LineField } from "./receipt-body";
import { UnitStepper } from "./unit-stepper";

const KINDS: { field: DiscrepancyField; label: string }[] = [
  { field: "damaged", label: "Damaged" },
  { field: "missing", label: "Missing" },
];

/**
 * Damaged and missing units of one line, each with its reason, and the line's note and photos (the API keeps
 * one note and up to three photos per line). `other` needs the note, which says so.
 */
export function DiscrepancyFields({
  itemId,
  title,
  line,
  errors,
  dispatch,
}: {
  itemId: string;
  title: string;
  line: PendingLine;
  errors: Partial<Record<LineField, string>>;
  dispatch: (action: PendingAction) => void;
}) {
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const base = `line-${itemId}`;

  const addPhotos = async (files: File[]) => {
    setPhotoProblem(null);
    const room = PHOTOS_PER_LINE - line.photos.length;
    const chosen = files.slice(0, room);
    if (files.length > room) setPhotoProblem(`A line keeps at most ${PHOTOS_PER_LINE} photos.`);
    setReading(true);
    try {
      for (const file of chosen) {
        const photo = await photoFromFile(file);
        if ("problem" in photo) setPhotoProblem(photo.problem);
        else dispatch({ type: "addPhoto", itemId, photo: photo.dataUrl });
      }
    } finally {
      setReading(false);
    }
  };

  const photoError = errors.photos ?? photoProblem ?? undefined;
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-4 md:grid-cols-2">
      {KINDS.map(({ field, label }) => {
        const reasonId = `${base}-${field}-reason`;
        const reasonError = errors[`${field}_reason`];
        return (
          <fieldset key={field} className="min-w-0 space-y-2">
            <legend className="text-sm font-medium text-slate-800">{label}</legend>
            <UnitStepper
              id={`${base}-${field}`}
              label={`${label} units of ${title}`}
              value={line[field]}
              error={errors[field]}
              onChange={(value) => dispatch({ type: "set", itemId, field, value })}
            />
            <FieldError id={`${base}-${field}`} error={errors[field]} />
            <label htmlFor={reasonId} className="block text-sm text-slate-700">
              Why {field}
              <span className="sr-only"> ({title})</span>
            </label>
            <Select
              {...describedBy(reasonId, reasonError)}
              value={line[`${field}_reason`] ?? ""}
              onChange={(event) =>
                dispatch({
                  type: "reason",
                  itemId,
                  field,
                  reason: (event.target.value || null) as ReceiptDiscrepancyReason | null,
                })
              }
              className="h-11"
            >
              <option value="">Choose a reason</option>
              {RECEIPT_DISCREPANCY_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason === "other" ? "Other (say why in the note)" : humanize(reason)}
                </option>
              ))}
            </Select>
            <FieldError id={reasonId} error={reasonError} />
          </fieldset>
        );
      })}
      <div className="md:col-span-2">
        <label htmlFor={`${base}-note`} className="block text-sm font-medium text-slate-800">
          Note<span className="sr-only"> on {title}</span>
        </label>
        <TextArea
          {...describedBy(`${base}-note`, errors.note)}
          rows={2}
          maxLength={2000}
          value={line.note}
          onChange={(event) => dispatch({ type: "lineNote", itemId, note: event.target.value })}
          className="mt-1"
        />
        <FieldError id={`${base}-note`} error={errors.note} />
      </div>
      <div className="md:col-span-2">
        <span className="block text-sm font-medium text-slate-800">
          Photos ({line.photos.length} of {PHOTOS_PER_LINE})
        </span>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          {line.photos.map((photo, index) => (
            <div key={photo.slice(-48) + String(index)} className="relative">
              {/* biome-ignore lint/performance/noImgElement: a data: URL from the camera, not a page asset. */}
              <img
                src={photo}
                alt={`Attachment ${index + 1} of ${title}`}
                className="size-20 rounded border border-slate-200 bg-slate-50 object-cover"
              />
              <button
                type="button"
                onClick={() => dispatch({ type: "removePhoto", itemId, index })}
                className="absolute -top-2 -right-2 inline-flex size-8 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">
                  Remove photo {index + 1} of {title}
                </span>
              </button>
            </div>
          ))}
          {line.photos.length < PHOTOS_PER_LINE ? (
            <label className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-md bg-white px-3.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 hover:bg-slate-50">
              <Camera aria-hidden="true" className="size-4" />
              {reading ? "Reading the photo…" : "Take or choose a photo"}
              <span className="sr-only"> of {title}</span>
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                aria-describedby={photoError ? `${base}-photos-error` : undefined}
                onChange={(event) => {
                  // Copied first: emptying the input (so the same file chosen again fires a change) empties its list.
                  void addPhotos(Array.from(event.target.files ?? []));
                  event.target.value = "";
                }}
              />
            </label>
          ) : null}
        </div>
        <FieldError id={`${base}-photos`} error={photoError} />
      </div>
    </div>
  );
}
