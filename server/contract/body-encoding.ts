/** How a merchant API body was sent (the creation code warns about some; see domain/creation-fields.ts). */
export type BodyEncoding = 'form' | 'multipart' | 'json';

/** The media types merchant API bodies are read in, and notifications are sent in (the form and JSON ones). */
export const FORM_TYPE = 'application/x-www-form-urlencoded' as const;
export const MULTIPART_TYPE = 'multipart/form-data' as const;
export const JSON_TYPE = 'application/json' as const;
