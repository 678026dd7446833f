export const ROLE_HELP =
  "Viewers read; editors also set identifiers and comment; admins also manage settings, webhooks and the team.";

export const ROLE_TONE = { admin: "indigo", editor: "blue", viewer: "gray" } as const;
