import { TextField } from "@/components/ui/field";

const PASSWORD_HINT = "At least 12 characters. A few unrelated words make a strong one.";

/**
 * A new password typed twice (`password`, `confirmPassword`), with the strength hint and each field's
 * error: the set-password link, the first-run setup and the account page's change of password.
 * `side` puts the two fields next to each other from the small breakpoint on.
 */
export function NewPasswordFields({
  errors,
  label = "New password",
  repeatLabel = "Repeat the password",
  autoFocus,
  side = false,
}: {
  errors: { password?: string; confirmPassword?: string };
  label?: string;
  repeatLabel?: string;
  autoFocus?: boolean;
  side?: boolean;
}) {
  return (
    <div className={side ? "grid gap-4 sm:grid-cols-2" : "space-y-4"}>
      <TextField
        id="password"
        label={label}
        error={errors.password}
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
        minLength={12}
        required
        autoFocus={autoFocus}
      />
      <TextField
        id="confirmPassword"
        label={repeatLabel}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
      />
    </div>
  );
}
