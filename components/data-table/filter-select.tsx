import { Field, Select } from "@/components/ui/field";

export type FilterOption = { value: string; label: string };

/**
 * A labelled select over one list filter, "All …" first. A value from the URL that is not among the
 * options (a location that is gone, or options still loading) stays selectable, so the control never
 * shows a different filter from the one applied.
 */
export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: FilterOption[];
  onChange: (value: string) => void;
}) {
  const known = !value || options.some((option) => option.value === value);
  return (
    <Field id={id} label={label}>
      <Select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {known ? null : <option value={value}>{value}</option>}
      </Select>
    </Field>
  );
}

/** Locations as filter options. */
export function locationOptions(locations: { id: string; name: string }[] | undefined): FilterOption[] {
  return (locations ?? []).map((location) => ({ value: location.id, label: location.name }));
}
