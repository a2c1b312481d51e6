/** How a merchant API body was sent (the creation code warns about some; see domain/creation-fields.ts). */
export type BodyEncoding = 'form' | 'multipart' | 'json';
