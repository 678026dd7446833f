import { receiveLineId } from "./receive-line";

/** Moves to the first field with an error once it is on screen (after the render that shows the errors). */
export function focusFirstInvalid() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('#receive-lines [aria-invalid="true"]')?.focus(),
  );
}

export function scrollToLine(itemId: string) {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  requestAnimationFrame(() =>
    document
      .getElementById(receiveLineId(itemId))
      ?.scrollIntoView({ block: "nearest", behavior: reduce ? "auto" : "smooth" }),
  );
}
