import { z } from "zod";

/**
 * The strength rule for every password a person chooses (first-run setup, a set-password link, changing
 * one's own password). Length beats composition rules (NIST SP 800-63B): at least 12 characters, at most
 * 200 (scrypt input stays bounded), and none of the handful of passwords every attacker tries first.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

const COMMON_PASSWORDS = new Set([
  "123456789012",
  "password1234",
  "passwordpassword",
  "qwertyuiopas",
  "backroom-demo",
  "backroombackroom",
  "letmeinletmein",
  "administrator",
  "changemechangeme",
]);

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine(
    (value) => !COMMON_PASSWORDS.has(value.toLowerCase()),
    "This password is too common; choose another.",
  )
  .refine((value) => new Set(value).size >= 5, "Use more different characters.");

/** Checks a new password against the rule and also refuses one built on the e-mail's local part. */
export function passwordProblem(password: string, email?: string): string | null {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Choose another password.";
  const localPart = email?.split("@")[0]?.toLowerCase() ?? "";
  if (localPart.length >= 4 && password.toLowerCase().includes(localPart)) {
    return "Do not build the password on your e-mail address.";
  }
  return null;
}
