/** Who makes a change: a staff user (session) or an API key, with the display name recorded. */
export type Actor = { userId?: string; apiKeyId?: string; name: string };
