/**
 * French sets ; : ! ? and » off from the word before (and « from the word after) with a space
 * that never breaks: with an ordinary one a phone starts a line with "»" or "; veuillez
 * réessayer". True when a text has such an ordinary space.
 */
export const breaksFrenchPunctuation = (text: string) => / [;:!?»]|« /.test(text);

/**
 * French sets ; : ! ? off from the word before; "Choisir la langue: Français" has no space at
 * all. Returns each word written against such a mark, where the mark ends the text or is followed
 * by a space (a time as 20:00 or a link's https: is not punctuation).
 */
export const unspacedFrenchPunctuation = (text: string): string[] =>
  text.match(/[\p{L}\p{N})»]+[;:!?](?=\s|$)/gu) ?? [];

/**
 * French writes one apostrophe, the typographic ’ (U+2019), never the typewriter ' ("l’été",
 * "aujourd’hui"). Returns the words that have a straight apostrophe between two letters (any
 * script's letters). A placeholder ({{name}}, %{name}) or an HTML tag is not text: a quote inside
 * one (an i18next format option, an attribute) is not an apostrophe and is not reported.
 */
export const straightApostrophes = (text: string): string[] =>
  text.replace(/\{\{[^}]*\}\}|%\{[^}]*\}|<[^<>]*>/g, ' ').match(/\S*\p{L}'\p{L}\S*/gu) ?? [];

/**
 * French keeps a number and the word after it on one line ("6 caractères", "il y a 3 jours"):
 * the space between them is a no-break one. Returns each number (figures, or a {{count}}-like
 * placeholder) followed by an ordinary space and a word; the number of a step ("l’étape 3 est
 * terminée") counts nothing and is left alone.
 */
export const numbersApartFromWords = (text: string): string[] =>
  text.match(/(?<![Éé]tape )(?:\d+|\{\{\s*(?:count|min|total|shown)\s*\}\}) \p{L}+/gu) ?? [];
