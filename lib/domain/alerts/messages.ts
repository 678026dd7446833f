import type { SavedViewList } from "../../enums";

/**
 * The words of alert messages: a subject that says what and how many, a body that says why and ends with
 * the link (plain text, e-mail and chat alike).
 */

export type Message = { subject: string; body: string };

const NOUNS: Record<SavedViewList, [string, string]> = {
  returns: ["return", "returns"],
  shipments: ["shipment", "shipments"],
};

export function rowsOf(list: SavedViewList, n: number): string {
  const [one, many] = NOUNS[list];
  return `${n} ${n === 1 ? one : many}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const withLink = (lines: string[], link: string) => [...lines, "", link].join("\n");

export function thresholdFired(
  view: { name: string; list: SavedViewList },
  rule: { threshold: number; minutes: number },
  count: number,
  link: string,
): Message {
  const lasting = rule.minutes > 0 ? ` for ${plural(rule.minutes, "minute", "minutes")}` : "";
  return {
    subject: `Alert: “${view.name}” lists ${rowsOf(view.list, count)}`,
    body: withLink(
      [
        `Your saved view “${view.name}” has listed more than ${rowsOf(view.list, rule.threshold)}${lasting}.`,
        `It lists ${rowsOf(view.list, count)} now. You will hear again when it lists ${rule.threshold} or fewer.`,
      ],
      link,
    ),
  };
}

export function thresholdCleared(
  view: { name: string; list: SavedViewList },
  rule: { threshold: number },
  count: number,
  link: string,
): Message {
  return {
    subject: `Cleared: “${view.name}” lists ${rowsOf(view.list, count)}`,
    body: withLink(
      [
        `Your saved view “${view.name}” lists ${rowsOf(view.list, count)}, no longer more than ${rule.threshold}.`,
      ],
      link,
    ),
  };
}

export function newRowsFired(
  view: { name: string; list: SavedViewList },
  newCount: number,
  count: number,
  link: string,
): Message {
  return {
    subject: `Alert: ${rowsOf(view.list, newCount)} new in “${view.name}”`,
    body: withLink(
      [
        `${rowsOf(view.list, newCount)} appeared in your saved view “${view.name}” since the previous check.`,
        `It lists ${rowsOf(view.list, count)} now.`,
      ],
      link,
    ),
  };
}

export function returnsWaitingFired(
  count: number,
  waitingLong: number,
  hours: number,
  link: string,
): Message {
  const longer = `longer than ${plural(hours, "hour", "hours")}`;
  return {
    subject: `Alert: ${plural(waitingLong, "return has", "returns have")} waited for review ${longer}`,
    body: withLink(
      [
        `${plural(count, "return is", "returns are")} waiting for review; ${waitingLong} of them ${longer}.`,
        "The list opens with the longest waiting first.",
      ],
      link,
    ),
  };
}

export function returnsWaitingCleared(count: number, hours: number, link: string): Message {
  return {
    subject: `Cleared: no return has waited for review longer than ${plural(hours, "hour", "hours")}`,
    body: withLink(
      [`${plural(count, "return is", "returns are")} waiting for review, none for that long.`],
      link,
    ),
  };
}

export function shipmentsLateFired(count: number, link: string): Message {
  return {
    subject: `Alert: ${plural(count, "shipment is", "shipments are")} late`,
    body: withLink(
      [
        `${plural(count, "inbound shipment was", "inbound shipments were")} expected before today and not yet received.`,
      ],
      link,
    ),
  };
}

export function shipmentsLateCleared(link: string): Message {
  return {
    subject: "Cleared: no shipment is late",
    body: withLink(["Every inbound shipment expected before today has been received (or cancelled)."], link),
  };
}

export function discrepanciesFired(
  lines: number,
  shipments: { reference: string; link: string }[],
  link: string,
): Message {
  const named = shipments.slice(0, 10).map((shipment) => `- ${shipment.reference}: ${shipment.link}`);
  const more = shipments.length > 10 ? [`- and ${shipments.length - 10} more`] : [];
  return {
    subject: `Alert: ${plural(lines, "new receiving discrepancy", "new receiving discrepancies")}`,
    body: withLink(
      [
        `${plural(lines, "shipment line got", "shipment lines got")} damaged or missing units, or an overage, on ${plural(shipments.length, "shipment", "shipments")}:`,
        ...named,
        ...more,
      ],
      link,
    ),
  };
}
