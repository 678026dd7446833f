import { EventEmitter } from "node:events";

// In-process wake-ups of the notification workers; other processes find new rows on their poll.
const wakeups = new EventEmitter();
wakeups.setMaxListeners(0);

export function wakeNotificationWorkers(): void {
  wakeups.emit("wake");
}

export function onNotificationWake(listener: () => void): () => void {
  wakeups.on("wake", listener);
  return () => wakeups.off("wake", listener);
}
