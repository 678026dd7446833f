import type { StaffRole } from "../enums";

/**
 * The demo's staff accounts. They all share one public password: demo data is for trying the app, never
 * for a deployment that holds real data.
 */
export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: "admin@backroom.test", name: "Ada Admin", role: "admin" },
  { email: "editor@backroom.test", name: "Eddie Editor", role: "editor" },
  { email: "viewer@backroom.test", name: "Vera Viewer", role: "viewer" },
];

export const DEMO_PASSWORD = "backroom-demo";

/** Name of the API key created in every demo store; its secret is random, reported once by the loader. */
export const DEMO_API_KEY_NAME = "Demo key";

/**
 * Memberships of the demo staff, by index into DEMO_STAFF and into the demo stores: the admin runs both
 * stores, the editor and viewer work in the first one, and the editor can also look at the second one.
 */
export const DEMO_MEMBERSHIPS: readonly { staff: number; store: number; role: StaffRole }[] = [
  { staff: 0, store: 0, role: "admin" },
  { staff: 0, store: 1, role: "admin" },
  { staff: 1, store: 0, role: "editor" },
  { staff: 2, store: 0, role: "viewer" },
  { staff: 1, store: 1, role: "viewer" },
];
