import { openPglite } from "../db/client";

/**
 * Test fixture run as a child process: opens the embedded database in the folder given as argument,
 * says "ready", and keeps it open until stdin closes.
 */
const dir = process.argv[2];
if (!dir) throw new Error("usage: hold-pglite.ts <dataDir>");
const database = await openPglite(dir);
process.stdout.write("ready\n");
process.stdin.resume();
process.stdin.on("end", async () => {
  await database.close();
  process.exit(0);
});
