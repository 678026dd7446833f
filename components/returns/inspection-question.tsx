"use client";

import { useState } from "react";
import { photoFromFile } from "@/components/shipments/receive/photo";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import type { ChecklistQuestion, InspectionAnswer } from "@/lib/schemas/inspection";

type AnswerValue = InspectionAnswer["value"] | undefined;

const CHOICE_CLASSES =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300 ring-inset has-[:checked]:bg-indigo-50 has-[:checked]:font-medium has-[:checked]:text-indigo-900 has-[:checked]:ring-indigo-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600";

/**
 * One checklist question as a control: yes/no and a choice as radio groups (arrow keys move, a scanner's
 * Enter is harmless), a number, a line of text (a scanned serial lands here), or photos from the camera.
 * `required` says why it must be answered now, shown beside it.
 */
export function InspectionQuestion({
  id,
  question,
  value,
  required,
  onAnswer,
}: {
  id: string;
  question: ChecklistQuestion;
  value: AnswerValue;
  required: string | null;
  onAnswer: (value: AnswerValue) => void;
}) {
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const label = (
    <>
      {question.label}
      {required ? <span className="ml-2 text-xs font-normal text-amber-800">({required})</span> : null}
    </>
  );
  if (question.kind === "yes_no" || question.kind === "choice") {
    const options =
      question.kind === "yes_no"
        ? [
            { label: "Yes", value: true as const },
            { label: "No", value: false as const },
          ]
        : (question.options ?? []).map((option) => ({ label: option, value: option }));
    return (
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
          {label}
        </p>
        <div role="radiogroup" aria-labelledby={`${id}-label`} className="mt-1 flex flex-wrap gap-2">
          {options.map((option) => (
            <label key={String(option.value)} className={CHOICE_CLASSES}>
              <input
                type="radio"
                name={id}
                checked={value === option.value}
                onChange={() => onAnswer(option.value)}
                className="size-4 accent-indigo-600"
              />
              {option.label}
            </label>
          ))}
        </div>
      </div>
    );
  }
  if (question.kind === "photo") {
    const photos = Array.isArray(value) ? value : [];
    return (
      <Field
        id={id}
        label={label}
        error={photoProblem}
        hint={
          photos.length === 0
            ? undefined
            : photos.length === 1
              ? "1 photo added"
              : `${photos.length} photos added`
        }
      >
        <input
          type="file"
          accept="image/*"
          capture="environment"
          {...describedBy(id, photoProblem)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            const photo = await photoFromFile(file);
            if ("problem" in photo) return setPhotoProblem(photo.problem);
            setPhotoProblem(null);
            onAnswer([...photos, photo.dataUrl].slice(-4));
          }}
        />
      </Field>
    );
  }
  return (
    <Field id={id} label={label}>
      <TextInput
        id={id}
        type={question.kind === "number" ? "number" : "text"}
        inputMode={question.kind === "number" ? "decimal" : undefined}
        value={value === undefined ? "" : String(value)}
        onChange={(event) => {
          const text = event.target.value;
          if (text === "") return onAnswer(undefined);
          onAnswer(question.kind === "number" ? Number(text) : text);
        }}
        // A scanner ends with Enter: keep it from submitting anything, move on to the next field instead.
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          const fields = [
            ...(event.currentTarget.form ?? document).querySelectorAll<HTMLElement>(
              "input, select, textarea",
            ),
          ];
          fields[fields.indexOf(event.currentTarget) + 1]?.focus();
        }}
      />
    </Field>
  );
}
