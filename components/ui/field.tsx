import { AlertTriangle } from "lucide-react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const controlClasses =
  "block w-full rounded-md border-0 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-hidden focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:ring-red-500";

/**
 * A labelled form control with its hint and error. The error is tied to the control with
 * aria-describedby so screen readers announce it with the field.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className = "",
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error ? (
        <FieldError id={id} error={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The error of the control `id`, under it, where `describedBy` points; for a control outside a Field (a
 * table cell's input) too.
 */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** aria props that connect a control to the Field's hint or error. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export function TextInput({ className = "", ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${controlClasses} h-9 ${className}`} {...rest} />;
}

export function TextArea({ className = "", ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${controlClasses} ${className}`} {...rest} />;
}

export function Select({ className = "", children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={`${controlClasses} h-9 pr-8 ${className}`} {...rest}>
      {children}
    </select>
  );
}

/** The error of a whole form (not one field), announced as it appears. */
export function FormError({ message, className = "" }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={`flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ${className}`}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </div>
  );
}

type WiredFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  /** The control's name; its id unless given. */
  name?: string;
};

/** A wired field's props split into the Field's and its control's (aria wiring and name included). */
function wire<P extends WiredFieldProps>({ id, label, hint, error, className, name = id, ...rest }: P) {
  return {
    field: { id, label, hint, error, className },
    control: { ...describedBy(id, error, hint), name, ...rest },
  };
}

/** A Field around a TextInput, wired together: the label, and the hint or error announced with the control. */
export function TextField(
  props: WiredFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "name">,
) {
  const { field, control } = wire(props);
  return (
    <Field {...field}>
      <TextInput {...control} />
    </Field>
  );
}

/** A Field around a Select, wired together as TextField does. */
export function SelectField(
  props: WiredFieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "name">,
) {
  const { field, control } = wire(props);
  return (
    <Field {...field}>
      <Select {...control} />
    </Field>
  );
}
