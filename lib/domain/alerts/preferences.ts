import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import {
  staffNotificationPreferences,
  staffUsers,
  storeMemberships,
  storeNotificationSettings,
  stores,
} from "../../db/schema";
import { ALERT_SOURCES, type AlertChoice, type AlertDefault, type AlertSource } from "../../enums";
import {
  type MyNotificationPreferences,
  minutesOfWallTime,
  type StoreNotificationDefaults,
  type UpdateMyNotificationPreferences,
  type UpdateStoreNotificationDefaults,
  wallTimeOfMinutes,
} from "../../schemas/notification-preferences";

/**
 * Who hears of an alert, how and when (docs/notifications.md, "Preferences"): the store's defaults per alert
 * source (set by admins), a person's own choice overriding them source by source, and quiet hours (the
 * person's own, none, or the store's default), all in the store's time zone.
 */

/** Out of the box: every alert e-mailed at once and posted to the chat URL, as before preferences existed. */
export const BUILT_IN_DEFAULT: AlertDefault = { delivery: "instant", email: true, chat: true };

/** Quiet hours as minutes after the store's midnight; `end` before `start` spans midnight. */
export type QuietHours = { start: number; end: number };

type StoreSettingsRow = {
  alertDefaults: Partial<Record<AlertSource, AlertDefault>>;
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
};

function quietHoursOf(start: number | null, end: number | null): QuietHours | null {
  return start !== null && end !== null ? { start, end } : null;
}

const asWallTimes = (quiet: QuietHours | null) =>
  quiet ? { start: wallTimeOfMinutes(quiet.start), end: wallTimeOfMinutes(quiet.end) } : null;

async function storeSettings(db: Db, storeId: string): Promise<StoreSettingsRow> {
  const [row] = await db
    .select({
      alertDefaults: storeNotificationSettings.alertDefaults,
      quietHoursStart: storeNotificationSettings.quietHoursStart,
      quietHoursEnd: storeNotificationSettings.quietHoursEnd,
    })
    .from(storeNotificationSettings)
    .where(eq(storeNotificationSettings.storeId, storeId));
  return row ?? { alertDefaults: {}, quietHoursStart: null, quietHoursEnd: null };
}

const defaultFor = (settings: StoreSettingsRow, source: AlertSource): AlertDefault =>
  settings.alertDefaults[source] ?? BUILT_IN_DEFAULT;

function toDefaults(settings: StoreSettingsRow): StoreNotificationDefaults {
  return {
    alerts: Object.fromEntries(
      ALERT_SOURCES.map((source) => [source, defaultFor(settings, source)]),
    ) as Record<AlertSource, AlertDefault>,
    quietHours: asWallTimes(quietHoursOf(settings.quietHoursStart, settings.quietHoursEnd)),
  };
}

export async function getStoreNotificationDefaults(
  db: Db,
  storeId: string,
): Promise<StoreNotificationDefaults> {
  return toDefaults(await storeSettings(db, storeId));
}

export async function updateStoreNotificationDefaults(
  db: Db,
  storeId: string,
  input: UpdateStoreNotificationDefaults,
): Promise<StoreNotificationDefaults> {
  const current = await storeSettings(db, storeId);
  const alertDefaults = { ...current.alertDefaults, ...input.alerts };
  const quiet =
    input.quietHours === undefined
      ? quietHoursOf(current.quietHoursStart, current.quietHoursEnd)
      : input.quietHours && {
          start: minutesOfWallTime(input.quietHours.start),
          end: minutesOfWallTime(input.quietHours.end),
        };
  const values = {
    alertDefaults,
    quietHoursStart: quiet?.start ?? null,
    quietHoursEnd: quiet?.end ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(storeNotificationSettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: storeNotificationSettings.storeId, set: values });
  return getStoreNotificationDefaults(db, storeId);
}

type PersonRow = {
  alerts: Partial<Record<AlertSource, AlertChoice>>;
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
  quietHoursOff: boolean;
};

function effectiveQuietHours(settings: StoreSettingsRow, person: PersonRow | undefined): QuietHours | null {
  if (person?.quietHoursOff) return null;
  return (
    quietHoursOf(person?.quietHoursStart ?? null, person?.quietHoursEnd ?? null) ??
    quietHoursOf(settings.quietHoursStart, settings.quietHoursEnd)
  );
}

async function personRow(db: Db, storeId: string, userId: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select({
      alerts: staffNotificationPreferences.alerts,
      quietHoursStart: staffNotificationPreferences.quietHoursStart,
      quietHoursEnd: staffNotificationPreferences.quietHoursEnd,
      quietHoursOff: staffNotificationPreferences.quietHoursOff,
    })
    .from(staffNotificationPreferences)
    .where(
      and(eq(staffNotificationPreferences.storeId, storeId), eq(staffNotificationPreferences.userId, userId)),
    );
  return row;
}

export async function getMyNotificationPreferences(
  db: Db,
  storeId: string,
  userId: string,
): Promise<MyNotificationPreferences> {
  const settings = await storeSettings(db, storeId);
  const person = await personRow(db, storeId, userId);
  const own = quietHoursOf(person?.quietHoursStart ?? null, person?.quietHoursEnd ?? null);
  return {
    alerts: Object.fromEntries(
      ALERT_SOURCES.map((source) => {
        const choice = person?.alerts[source];
        const fallback = defaultFor(settings, source);
        return [
          source,
          choice
            ? { ...choice, own: true }
            : { delivery: fallback.delivery, email: fallback.email, own: false },
        ];
      }),
    ) as MyNotificationPreferences["alerts"],
    quietHours: {
      mode: person?.quietHoursOff ? "off" : own ? "own" : "store",
      own: asWallTimes(own),
      effective: asWallTimes(effectiveQuietHours(settings, person)),
    },
    storeDefaults: toDefaults(settings),
  };
}

export async function updateMyNotificationPreferences(
  db: Db,
  storeId: string,
  userId: string,
  input: UpdateMyNotificationPreferences,
): Promise<MyNotificationPreferences> {
  const current = await personRow(db, storeId, userId);
  const alerts = { ...current?.alerts };
  for (const source of ALERT_SOURCES) {
    const choice = input.alerts?.[source];
    if (choice === null) delete alerts[source];
    else if (choice) alerts[source] = choice;
  }
  let quiet = {
    quietHoursStart: current?.quietHoursStart ?? null,
    quietHoursEnd: current?.quietHoursEnd ?? null,
    quietHoursOff: current?.quietHoursOff ?? false,
  };
  if (input.quietHours?.mode === "store")
    quiet = { quietHoursStart: null, quietHoursEnd: null, quietHoursOff: false };
  if (input.quietHours?.mode === "off")
    quiet = { quietHoursStart: null, quietHoursEnd: null, quietHoursOff: true };
  if (input.quietHours?.mode === "own") {
    quiet = {
      quietHoursStart: minutesOfWallTime(input.quietHours.start),
      quietHoursEnd: minutesOfWallTime(input.quietHours.end),
      quietHoursOff: false,
    };
  }
  const values = { alerts, ...quiet, updatedAt: new Date() };
  await db
    .insert(staffNotificationPreferences)
    .values({ storeId, userId, ...values })
    .onConflictDoUpdate({
      target: [staffNotificationPreferences.userId, staffNotificationPreferences.storeId],
      set: values,
    });
  return getMyNotificationPreferences(db, storeId, userId);
}

/** How one member hears of an alert of one source. */
export type Listener = { userId: string; email: string; choice: AlertChoice; quietHours: QuietHours | null };

/**
 * The members of the store among `userIds`, each with what applies to them for `source`; and whether the
 * source goes to the chat URL, with the store's time zone. Someone not a member is not a listener.
 */
export async function listenersOf(
  db: Db,
  storeId: string,
  userIds: readonly string[],
  source: AlertSource,
): Promise<{ listeners: Listener[]; chat: boolean; timeZone: string }> {
  const settings = await storeSettings(db, storeId);
  const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId));
  const fallback = defaultFor(settings, source);
  const members =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: staffUsers.id,
            email: staffUsers.email,
            alerts: staffNotificationPreferences.alerts,
            quietHoursStart: staffNotificationPreferences.quietHoursStart,
            quietHoursEnd: staffNotificationPreferences.quietHoursEnd,
            quietHoursOff: staffNotificationPreferences.quietHoursOff,
          })
          .from(storeMemberships)
          .innerJoin(staffUsers, eq(staffUsers.id, storeMemberships.userId))
          .leftJoin(
            staffNotificationPreferences,
            and(
              eq(staffNotificationPreferences.userId, storeMemberships.userId),
              eq(staffNotificationPreferences.storeId, storeMemberships.storeId),
            ),
          )
          .where(and(eq(storeMemberships.storeId, storeId), inArray(storeMemberships.userId, [...userIds])));
  return {
    chat: fallback.chat,
    timeZone: store?.timeZone ?? "UTC",
    listeners: members.map((member) => {
      const person = member.alerts
        ? {
            alerts: member.alerts,
            quietHoursStart: member.quietHoursStart,
            quietHoursEnd: member.quietHoursEnd,
            quietHoursOff: member.quietHoursOff ?? false,
          }
        : undefined;
      const own = person?.alerts[source];
      return {
        userId: member.userId,
        email: member.email,
        choice: own ?? { delivery: fallback.delivery, email: fallback.email },
        quietHours: effectiveQuietHours(settings, person),
      };
    }),
  };
}

/** Which e-mail sources a member gets at all (for the digest's waiting counts). */
export async function emailedSources(db: Db, storeId: string, userId: string): Promise<Set<AlertSource>> {
  const preferences = await getMyNotificationPreferences(db, storeId, userId);
  return new Set(ALERT_SOURCES.filter((source) => preferences.alerts[source].email));
}
