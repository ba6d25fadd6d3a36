/**
 * French sets ; : ! ? and » off from the word before (and « from the word after) with a space
 * that never breaks: with an ordinary one a phone starts a line with "»" or "; veuillez
 * réessayer". True when a text has such an ordinary space.
 */
export const breaksFrenchPunctuation = (text: string) => / [;:!?»]|« /.test(text);
