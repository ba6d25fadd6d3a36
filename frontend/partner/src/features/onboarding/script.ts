/**
 * Closing marks an answer may end with: the invitation script puts its own punctuation after
 * each answer. Western, Spanish/French and full-width forms, and quotes are not among them.
 */
const CLOSING = new Set(['.', '!', '?', '…', ',', ';', ':', '。', '！', '？', '，', '；', '：']);

/**
 * An answer as the invitation script (step 4) inserts it in a sentence: trimmed, without the
 * closing punctuation it may end with ("better sleep..." → "better sleep"), since the script's
 * own text goes on with "." or ",". Blank when the answer has nothing else.
 */
export function scriptPart(answer: string): string {
  let end = answer.length;
  while (end > 0 && (CLOSING.has(answer[end - 1]!) || /\s/.test(answer[end - 1]!))) end--;
  return answer.slice(0, end).trim();
}
