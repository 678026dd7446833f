export const ROLE_HELP =
  "Viewers read; editors also set identifiers and comment; admins also manage settings, webhooks and the team.";
