import { WHY_ANSWER_FIELDS } from '@portal/contracts/onboarding/schemas';
import type { PartnerDetails } from '@portal/contracts/partners/schemas';
import type { PartnerItem } from '@portal/contracts/partners/schemas';
import type { ProgressRow } from './queries';

type Json = Record<string, unknown>;

const asObject = (v: unknown): Json | null => {
  if (typeof v === 'string') {
    try {
      return asObject(JSON.parse(v));
    } catch {
      return null;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
};

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;

function listItems(v: unknown): PartnerDetails['progress']['customerList'] {
  const arr =
    typeof v === 'string'
      ? (() => {
          try {
            return JSON.parse(v) as unknown;
          } catch {
            return [];
          }
        })()
      : v;
  if (!Array.isArray(arr)) return [];
  return arr.flatMap((raw, i) => {
    const o = asObject(raw);
    const name = o ? text(o.name) : null;
    if (!o || !name) return [];
    const note = text(o.note);
    return [{ id: text(o.id) ?? String(i + 1), name, ...(note ? { note } : {}) }];
  });
}

function productExperience(v: unknown): PartnerDetails['progress']['productExperience'] {
  const o = asObject(v);
  if (!o) return null;
  // Answers given after a skip win: "skipped" only when there is nothing to show.
  const answered = text(o.startDate) !== null || text(o.positiveChanges) !== null;
  const skipped = (o.isSkipped === true || o.skipped === true) && !answered;
  return {
    isSkipped: skipped,
    startDate: skipped ? null : text(o.startDate),
    positiveChanges: skipped ? null : text(o.positiveChanges),
    confidenceLevel: skipped ? null : text(o.confidenceLevel),
    challenges: skipped ? null : text(o.challenges),
  };
}

/**
 * Step 5 answers as the viewer may see them: all of them only when the partner chose to share
 * them and the viewer is the partner's own sponsor (level 1); otherwise only the choice itself.
 * The answers never leave the server otherwise.
 */
export function visibleWhyAnswers(v: unknown, level: number): PartnerDetails['progress']['whyAnswers'] {
  const o = asObject(v);
  if (!o) return null;
  const shared = o.shareWithSponsor === true || o.shareWithSponsor === 'true';
  if (!shared || level !== 1) return { shareWithSponsor: false };
  const answers: Record<string, string> = {};
  for (const f of WHY_ANSWER_FIELDS) {
    const value = text(o[f]);
    if (value !== null) answers[f] = value;
  }
  return { shareWithSponsor: true, ...answers };
}

const done = (v: unknown) => v === true || v === 't' || v === 'true';

/** The details answer from the partner's list item and onboarding_progress row. */
export function toPartnerDetails(item: PartnerItem, p: ProgressRow | null): PartnerDetails {
  return {
    partner: item,
    progress: {
      step1Completed: done(p?.step1_completed),
      step2Completed: done(p?.step2_completed),
      step3Completed: done(p?.step3_completed),
      step4Completed: done(p?.step4_completed),
      step5Completed: done(p?.step5_completed),
      currentStep: item.progress.currentStep,
      trainingCompleted: item.progress.trainingCompleted,
      feelGreatLink: text(p?.feel_great_link),
      customerList: listItems(p?.customer_list),
      partnerList: listItems(p?.partner_list),
      productExperience: productExperience(p?.product_experience),
      whyAnswers: visibleWhyAnswers(p?.why_answers, item.level),
    },
  };
}
