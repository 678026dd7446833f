import type { AlertChoice, AlertSource } from "@/lib/enums";

/** What each alert source is called on the preference pages (docs/notifications.md, "Preferences"). */
export const ALERT_SOURCE_LABELS: Record<AlertSource, { label: string; hint: string }> = {
  saved_view: { label: "Saved view alerts", hint: "A view you follow crosses its threshold" },
  returns_waiting: { label: "Returns waiting", hint: "Returns waiting for review" },
  shipments_late: { label: "Late shipments", hint: "Inbound shipments past their expected arrival" },
  discrepancies: { label: "Discrepancies", hint: "Damaged, missing or extra units on receiving" },
  webhook: { label: "Failing webhooks", hint: "A webhook keeps failing or was disabled" },
};

/** One select's worth of an alert choice: at once, in the digest, or not e-mailed. */
export type ChoiceWord = "instant" | "digest" | "off";

export const CHOICE_WORDS: Record<ChoiceWord, string> = {
  instant: "E-mail at once",
  digest: "In the daily digest",
  off: "No e-mail",
};

export const wordOf = (choice: AlertChoice): ChoiceWord => (!choice.email ? "off" : choice.delivery);

export const choiceOf = (word: ChoiceWord): AlertChoice =>
  word === "off" ? { delivery: "instant", email: false } : { delivery: word, email: true };
