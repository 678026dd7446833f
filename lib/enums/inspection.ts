/**
 * Inspection (docs/inspection.md): the kinds of question a checklist asks, the identifiers chain of custody
 * indexes, and the answers its look-up gives.
 */

/** yes/no, one of a few options, a number, free text, one or more photos. */
export const CHECKLIST_QUESTION_KINDS = ["yes_no", "choice", "number", "text", "photo"] as const;

/** A unit's serial number, a license plate (`LP-…`) or a lot number. */
export const CUSTODY_IDENTIFIER_KINDS = ["serial", "license_plate", "lot"] as const;
export type CustodyIdentifierKind = (typeof CUSTODY_IDENTIFIER_KINDS)[number];

/** Where an identifier was captured: an inbound receipt, or a return's inspection. */
export const CUSTODY_SOURCES = ["receipt", "return"] as const;
export type CustodySource = (typeof CUSTODY_SOURCES)[number];

/**
 * What one look-up of an identifier answers, newest capture first: it was received here (and not returned
 * since), it was returned before on another return, or it was never received here. The last two flag the
 * return being inspected.
 */
export const CUSTODY_VERDICTS = ["received", "returned_before", "never_received"] as const;
export type CustodyVerdict = (typeof CUSTODY_VERDICTS)[number];
