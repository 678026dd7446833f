/**
 * Where a keyset page ends: the last row's sort key. Every list orders by (updated_at desc, id desc) or
 * (created_at desc, id desc) and resumes strictly after this position; the API carries it in a signed
 * page marker (lib/api/cursor.ts).
 */
export type KeysetPosition = { updatedAt: Date; id: string };
