"use client";

import { ImagePlus, X } from "lucide-react";
import { type ClipboardEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useStaff } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { formatBytes } from "@/lib/client/format";
import { isFieldError, useAddReturnComment } from "@/lib/client/hooks/returns";
import { commentMessageSchema } from "@/lib/schemas/return-requests";
import { ACCEPTED_IMAGE_TYPES, imageFileProblem, pickFile, readAsDataUrl } from "./comment-attachment";

type Attachment = { file: File; previewUrl: string };

/**
 * Writes a comment: text, an image, or both (sent as two comments, text first, since the API takes one
 * or the other). An image comes from the file picker, a drop anywhere on the composer or a paste into the
 * text box; it is checked against the API's type and size limits before anything is sent.
 */
export function CommentComposer({
  storeId,
  returnId,
  returnLabel,
}: {
  storeId: string;
  returnId: string;
  /** "return for order #1001": how the offline queue's list names it. */
  returnLabel: string;
}) {
  const ids = { message: useId(), hint: useId(), file: useId(), error: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState("");
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [messageError, setMessageError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const { user } = useStaff();
  const add = useAddReturnComment(storeId, returnId, { id: user.id, name: user.name, returnLabel });

  // The preview's object URL lives as long as the attachment.
  useEffect(() => () => (attachment ? URL.revokeObjectURL(attachment.previewUrl) : undefined), [attachment]);

  const attach = (files: readonly File[]) => {
    const file = pickFile(files);
    if (!file) return;
    const problem = imageFileProblem(file);
    setImageError(problem);
    if (problem) return;
    setAttachment({ file, previewUrl: URL.createObjectURL(file) });
  };

  const removeAttachment = () => {
    setAttachment(null);
    setImageError(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const send = async () => {
    if (sending) return;
    const text = message.trim();
    if (!text && !attachment) {
      setMessageError("Write a comment or attach an image.");
      return;
    }
    if (text) {
      const checked = commentMessageSchema.safeParse(message);
      if (!checked.success) {
        setMessageError(checked.error.issues[0]?.message ?? "The message is not valid.");
        return;
      }
    }
    setMessageError(null);
    setSending(true);
    try {
      if (text) {
        await add.mutateAsync({ message: text });
        setMessage("");
      }
      if (attachment) {
        await add.mutateAsync({ image: await readAsDataUrl(attachment.file) });
        removeAttachment();
      }
    } catch (error) {
      // Other failures were toasted by the hook; what was not sent stays in the composer.
      if (isFieldError(error)) {
        for (const issue of error.errors) {
          if (issue.path === "comment.image") setImageError(issue.message);
          else setMessageError(issue.message);
        }
      }
    } finally {
      setSending(false);
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return; // ordinary text paste
    event.preventDefault();
    attach(files);
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      attach(Array.from(event.dataTransfer.files));
    },
  };

  const errorText = [messageError, imageError].filter(Boolean).join(" ");

  return (
    <form
      aria-label="New comment"
      className={`relative border-t border-slate-200 px-5 py-4 ${dragging ? "bg-indigo-50" : ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      {...dropHandlers}
    >
      {dragging ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-2 flex items-center justify-center rounded-md border-2 border-dashed border-indigo-500 bg-indigo-50/90 text-sm font-medium text-indigo-800"
        >
          Drop the image to attach it
        </div>
      ) : null}
      <label htmlFor={ids.message} className="block text-sm font-medium text-slate-800">
        Add a comment
      </label>
      <TextArea
        id={ids.message}
        className="mt-1 min-h-20"
        rows={3}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          if (messageError) setMessageError(null);
        }}
        onPaste={onPaste}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        placeholder="Write a note for the team, or paste a screenshot"
        aria-invalid={messageError ? true : undefined}
        aria-describedby={errorText ? `${ids.error} ${ids.hint}` : ids.hint}
      />
      <p id={ids.hint} className="mt-1 text-xs text-slate-500">
        Attach a PNG, JPEG, GIF or WebP image of up to 5 MB with the button, by dropping it here or by pasting
        it. Ctrl+Enter (⌘+Enter) sends.
      </p>

      {attachment ? (
        <div className="mt-3 flex items-center gap-3 rounded-md border border-slate-200 bg-white p-2">
          {/* biome-ignore lint/performance/noImgElement: a local object URL; next/image cannot optimise it. */}
          <img
            src={attachment.previewUrl}
            alt={`Preview of ${attachment.file.name || "the pasted image"}`}
            className="size-16 rounded object-cover"
          />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium text-slate-900">{attachment.file.name || "Pasted image"}</p>
            <p className="text-slate-500">{formatBytes(attachment.file.size)}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={removeAttachment} aria-label="Remove the image">
            <X className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : null}

      {errorText ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm text-red-700">
          {errorText}
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <input
          ref={fileInput}
          id={ids.file}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-label="Image to attach"
          onChange={(event) => attach(Array.from(event.target.files ?? []))}
        />
        <Button onClick={() => fileInput.current?.click()}>
          <ImagePlus className="size-4" aria-hidden="true" />
          Attach image
        </Button>
        <Button type="submit" variant="primary" pending={sending}>
          {attachment && message.trim()
            ? "Send comment and image"
            : attachment
              ? "Send image"
              : "Send comment"}
        </Button>
      </div>
    </form>
  );
}
