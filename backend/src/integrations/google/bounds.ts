/**
 * What the Academy keeps of a provider's text, within the bounds of `PROVIDER_MAX` (QUALITY 36):
 * a text cut to its bound ends with an ellipsis (never half of a surrogate pair); a link or id
 * longer than its bound is no use cut, so it is left out.
 */
import { PROVIDER_MAX } from '@portal/contracts/academy/schemas';

export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The link, or null when it is longer than a link may be. */
export const boundedUrl = (url: string | null | undefined): string | null =>
  url && url.length <= PROVIDER_MAX.url ? url : null;

/** Whether a provider's id fits the bound (items whose id does not are left out). */
export const fitsId = (id: string | null | undefined): id is string => !!id && id.length <= PROVIDER_MAX.id;
