import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/onboarding/events';
import {
  LIST_MIN_ENTRIES,
  ONBOARDING_MESSAGES,
  STEP_COUNT,
  type StepNumber,
  normalizeReferralLink,
} from '@portal/contracts/onboarding/endpoints';
import { foundationStepsDone, meetsFoundationRule } from '@portal/contracts/onboarding/foundation';
import type { Decider } from '../decider';
import { conflict, invalid } from '../errors';

/** The onboarding aggregate (stream `Onboarding-<userId>`): the five foundation steps. */
export type OnboardingEvent =
  | EventOf<typeof E.StepCompleted>
  | EventOf<typeof E.StepReopened>
  | EventOf<typeof E.ReferralLinkSaved>
  | EventOf<typeof E.ProspectListsUpdated>
  | EventOf<typeof E.ProductExperienceSubmitted>
  | EventOf<typeof E.ProductExperienceSkipped>
  | EventOf<typeof E.WhyAnswersSubmitted>
  | EventOf<typeof E.TrainingCompleted>
  | EventOf<typeof E.TrainingReset>;

export interface ListEntry {
  id: string;
  name: string;
  note?: string;
}

interface ProductExperienceData {
  startDate: string;
  positiveChanges: string;
  confidenceLevel: 'confident' | 'need_help';
  challenges?: string;
}

type WhyAnswersData = EventOf<typeof E.WhyAnswersSubmitted>['data'];

export interface OnboardingState {
  /** revision of the last event folded (-1: empty stream) */
  revision: number;
  /** completion of steps 1..5 (index 0 is step 1) */
  steps: [boolean, boolean, boolean, boolean, boolean];
  trainingCompleted: boolean;
  feelGreatLink: string | null;
  customerList: ListEntry[];
  partnerList: ListEntry[];
  productExperience: ProductExperienceData | null;
  productExperienceSkipped: boolean;
  whyAnswers: WhyAnswersData | null;
}

export type OnboardingCommand =
  /** step 1 follows the newsletter: complete when subscribed, incomplete when not */
  | { type: 'SyncNewsletterStep'; subscribed: boolean }
  | { type: 'SaveReferralLink'; link: string }
  /** `basedOnRevision`: the revision the lists were read at; a different current revision is a conflict */
  | { type: 'UpdateLists'; customerList?: ListEntry[]; partnerList?: ListEntry[]; basedOnRevision?: number }
  | { type: 'ConfirmLists' }
  | { type: 'ReopenLists' }
  | {
      type: 'SubmitProductExperience';
      data: { startDate: string; positiveChanges: string; confidenceLevel: string; challenges?: string };
    }
  | { type: 'SkipProductExperience' }
  | { type: 'SubmitWhyAnswers'; data: WhyAnswersData }
  /** admin: all five steps incomplete again (saved answers are kept) */
  | { type: 'ResetTraining' }
  /** several changes at once (POST /api/update-onboarding-data): all recorded, or none */
  | {
      type: 'UpdateData';
      lists?: { customerList?: ListEntry[]; partnerList?: ListEntry[]; basedOnRevision?: number };
      step3Completed?: boolean;
      link?: string;
      productExperience?: Extract<OnboardingCommand, { type: 'SubmitProductExperience' }>['data'] | 'skip';
    };

export const onboardingStream = (userId: string) => `Onboarding-${userId}`;
/** The user whose progress a stream holds, or null for a stream of another kind. */
export const onboardingOwnerOf = (streamId: string) =>
  streamId.startsWith('Onboarding-') ? streamId.slice('Onboarding-'.length) : null;

const initialState = (): OnboardingState => ({
  revision: -1,
  steps: [false, false, false, false, false],
  trainingCompleted: false,
  feelGreatLink: null,
  customerList: [],
  partnerList: [],
  productExperience: null,
  productExperienceSkipped: false,
  whyAnswers: null,
});

const withStep = (steps: OnboardingState['steps'], step: number, done: boolean) => {
  const next = [...steps] as OnboardingState['steps'];
  next[step - 1] = done;
  return next;
};

function evolve(state: OnboardingState, event: OnboardingEvent): OnboardingState {
  const s = { ...state, revision: state.revision + 1 };
  switch (event.type) {
    case 'StepCompleted':
      return { ...s, steps: withStep(s.steps, event.data.step, true) };
    case 'StepReopened':
      return { ...s, steps: withStep(s.steps, event.data.step, false) };
    case 'ReferralLinkSaved':
      return { ...s, feelGreatLink: event.data.feelGreatLink };
    case 'ProspectListsUpdated':
      return { ...s, customerList: event.data.customerList, partnerList: event.data.partnerList };
    case 'ProductExperienceSubmitted':
      return { ...s, productExperience: event.data, productExperienceSkipped: false };
    case 'ProductExperienceSkipped':
      return { ...s, productExperienceSkipped: true };
    case 'WhyAnswersSubmitted':
      return { ...s, whyAnswers: event.data };
    case 'TrainingCompleted':
      return { ...s, trainingCompleted: true };
    case 'TrainingReset':
      return {
        ...s,
        steps: [false, false, false, false, false],
        trainingCompleted: false,
        productExperienceSkipped: false,
      };
    default:
      return s;
  }
}

/** Number of completed steps (0..5). */
const completedStepsOf = (state: Pick<OnboardingState, 'steps'>) => state.steps.filter(Boolean).length;

/** The progress figure every screen shows: completed steps, or 5 once training is complete. */
export const stepsDoneOf = (state: Pick<OnboardingState, 'steps' | 'trainingCompleted'>) =>
  foundationStepsDone({
    completedSteps: completedStepsOf(state),
    trainingCompleted: state.trainingCompleted,
  });

/** Where to resume: the first step not done, a skipped step 4 counting as passed; 5 when all are. */
export function currentStepOf(
  state: Pick<OnboardingState, 'steps' | 'productExperienceSkipped'>,
): StepNumber {
  for (let i = 0; i < STEP_COUNT; i++) {
    if (state.steps[i]) continue;
    if (i === 3 && state.productExperienceSkipped) continue;
    return (i + 1) as StepNumber;
  }
  return STEP_COUNT;
}

const complete = (state: OnboardingState, step: StepNumber): OnboardingEvent[] =>
  state.steps[step - 1] ? [] : [{ type: 'StepCompleted', data: { step } }];

const sameList = (a: ListEntry[], b: ListEntry[]) =>
  a.length === b.length &&
  a.every((e, i) => e.id === b[i].id && e.name === b[i].name && (e.note ?? '') === (b[i].note ?? ''));

/** Trims names and notes; refuses empty names and repeated ids. */
function cleanList(list: ListEntry[], field: 'customerList' | 'partnerList'): ListEntry[] {
  const ids = new Set<string>();
  return list.map((entry, i) => {
    const name = entry.name.trim();
    if (!name)
      throw invalid('empty_name', ONBOARDING_MESSAGES.emptyName, {
        [`${field}.${i}.name`]: ONBOARDING_MESSAGES.emptyName,
      });
    if (ids.has(entry.id))
      throw invalid('duplicate_entry', 'Each entry needs its own id.', {
        [`${field}.${i}.id`]: 'is repeated',
      });
    ids.add(entry.id);
    const note = entry.note?.trim();
    return note ? { id: entry.id, name, note } : { id: entry.id, name };
  });
}

const listsLongEnough = (s: Pick<OnboardingState, 'customerList' | 'partnerList'>) =>
  s.customerList.length >= LIST_MIN_ENTRIES && s.partnerList.length >= LIST_MIN_ENTRIES;

/**
 * The command's own events, then `TrainingCompleted` when they are the first to meet the
 * foundation rule (steps 1, 2, 3 and 5 complete, step 4 complete or skipped), in whatever
 * order the partner took the steps.
 */
function decide(command: OnboardingCommand, state: OnboardingState): OnboardingEvent[] {
  const events = decideStep(command, state);
  if (state.trainingCompleted || events.length === 0) return events;
  const after = events.reduce(evolve, state);
  return meetsFoundationRule(after.steps, after.productExperienceSkipped) && !after.trainingCompleted
    ? [...events, { type: 'TrainingCompleted', data: {} }]
    : events;
}

function decideStep(command: OnboardingCommand, state: OnboardingState): OnboardingEvent[] {
  switch (command.type) {
    case 'SyncNewsletterStep':
      if (command.subscribed === state.steps[0]) return [];
      return [{ type: command.subscribed ? 'StepCompleted' : 'StepReopened', data: { step: 1 } }];

    case 'SaveReferralLink': {
      const link = normalizeReferralLink(command.link);
      if (!link)
        throw invalid('invalid_link', ONBOARDING_MESSAGES.invalidLink, {
          feelGreatLink: ONBOARDING_MESSAGES.invalidLink,
        });
      const events: OnboardingEvent[] =
        link === state.feelGreatLink ? [] : [{ type: 'ReferralLinkSaved', data: { feelGreatLink: link } }];
      return [...events, ...complete(state, 2)];
    }

    case 'UpdateLists': {
      if (command.basedOnRevision !== undefined && command.basedOnRevision !== state.revision) {
        throw conflict('stale_revision', ONBOARDING_MESSAGES.staleLists);
      }
      const customerList = command.customerList
        ? cleanList(command.customerList, 'customerList')
        : state.customerList;
      const partnerList = command.partnerList
        ? cleanList(command.partnerList, 'partnerList')
        : state.partnerList;
      if (sameList(customerList, state.customerList) && sameList(partnerList, state.partnerList)) return [];
      const events: OnboardingEvent[] = [
        { type: 'ProspectListsUpdated', data: { customerList, partnerList } },
      ];
      // step 3 stays true to its rule: a confirmed step whose lists fall under the minimum is open again
      if (state.steps[2] && !listsLongEnough({ customerList, partnerList }))
        events.push({ type: 'StepReopened', data: { step: 3 } });
      return events;
    }

    case 'ConfirmLists':
      if (!listsLongEnough(state)) throw invalid('lists_too_short', ONBOARDING_MESSAGES.listsTooShort);
      return complete(state, 3);

    case 'ReopenLists':
      return state.steps[2] ? [{ type: 'StepReopened', data: { step: 3 } }] : [];

    case 'SubmitProductExperience': {
      const d = command.data;
      const startDate = d.startDate.trim();
      const positiveChanges = d.positiveChanges.trim();
      const challenges = d.challenges?.trim();
      if (
        !startDate ||
        !positiveChanges ||
        (d.confidenceLevel !== 'confident' && d.confidenceLevel !== 'need_help')
      ) {
        const fields: Record<string, string> = {};
        if (!startDate) fields.startDate = 'Required';
        if (!positiveChanges) fields.positiveChanges = 'Required';
        if (d.confidenceLevel !== 'confident' && d.confidenceLevel !== 'need_help')
          fields.confidenceLevel = 'Required';
        throw invalid('required_fields', ONBOARDING_MESSAGES.requiredFields, fields);
      }
      const data: ProductExperienceData = {
        startDate,
        positiveChanges,
        confidenceLevel: d.confidenceLevel,
        ...(challenges ? { challenges } : {}),
      };
      const p = state.productExperience;
      const same =
        p !== null &&
        !state.productExperienceSkipped &&
        p.startDate === data.startDate &&
        p.positiveChanges === data.positiveChanges &&
        p.confidenceLevel === data.confidenceLevel &&
        (p.challenges ?? '') === (data.challenges ?? '');
      return [
        ...(same ? [] : [{ type: 'ProductExperienceSubmitted' as const, data }]),
        ...complete(state, 4),
      ];
    }

    case 'SkipProductExperience':
      // once step 4 is complete there is nothing to skip
      if (state.steps[3] || state.productExperienceSkipped) return [];
      return [{ type: 'ProductExperienceSkipped', data: {} }];

    case 'SubmitWhyAnswers':
      return [{ type: 'WhyAnswersSubmitted', data: command.data }, ...complete(state, 5)];

    case 'ResetTraining': {
      const anything =
        completedStepsOf(state) > 0 || state.trainingCompleted || state.productExperienceSkipped;
      return anything ? [{ type: 'TrainingReset', data: {} }] : [];
    }

    case 'UpdateData': {
      const parts: OnboardingCommand[] = [];
      if (command.lists) parts.push({ type: 'UpdateLists', ...command.lists });
      if (command.step3Completed !== undefined)
        parts.push({ type: command.step3Completed ? 'ConfirmLists' : 'ReopenLists' });
      if (command.link !== undefined) parts.push({ type: 'SaveReferralLink', link: command.link });
      if (command.productExperience === 'skip') parts.push({ type: 'SkipProductExperience' });
      else if (command.productExperience)
        parts.push({ type: 'SubmitProductExperience', data: command.productExperience });
      const events: OnboardingEvent[] = [];
      let current = state;
      for (const part of parts) {
        const produced = decideStep(part, current);
        events.push(...produced);
        current = produced.reduce(evolve, current);
      }
      return events;
    }
  }
}

export const onboardingDecider: Decider<OnboardingState, OnboardingCommand, OnboardingEvent> = {
  initialState,
  evolve,
  decide,
};
