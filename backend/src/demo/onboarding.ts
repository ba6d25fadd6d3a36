import type { AppDeps } from '../app/deps';
import { type CommandMetadata, handleCommand } from '../app/commandHandler';
import { findUserById } from '../app/users';
import { type OnboardingCommand, onboardingDecider, onboardingStream } from '../domain/onboarding/decider';
import { userDecider, userStream } from '../domain/user/decider';
import { readStreamOrEmpty } from '../eventStore/port';
import { mailchimpSettings } from '../integrations/mailchimp/client';
import { DemoNewsletter } from '../integrations/mailchimp/newsletter';
import { demoStepTimes } from './stepTimes';
import { DEMO_USERS } from './users';

const names = (prefix: string, list: string[]) => list.map((name, i) => ({ id: `${prefix}-${i + 1}`, name }));
const CUSTOMERS = [
  'Ana Torres',
  'Ben Carter',
  'Carla Diaz',
  'Dev Patel',
  'Eva Novak',
  'Femi Ade',
  'Greta Holm',
];
const PARTNERS = ['Hugo Laurent', 'Iris Meyer', 'Jon Park', 'Kira Ivanova', 'Leo Costa', 'Mina Sato'];
const EXPERIENCE = {
  startDate: 'January 2026',
  positiveChanges: 'More energy in the afternoon and better sleep.',
  confidenceLevel: 'confident',
  challenges: 'Finding the words when friends ask.',
};
const WHY = {
  joinReason: 'A second income I can grow around my family.',
  monthlyGoal3: '$300',
  monthlyGoal6: '$1,000',
  monthlyGoal12: '$3,000',
  lifeChanges: 'Work fewer evenings and travel once a year.',
  nonMonetaryGoals: 'Feel healthier and help friends do the same.',
  commitmentLevel: '9 out of 10',
  timeAvailable: '8 hours a week',
  helpNeeded: 'Starting conversations with people I know.',
  strengths: 'Organised and a good listener.',
  shareWithSponsor: true,
};

type Stage = 'complete' | 'step5-skipped4' | 'step4' | 'step3' | 'step2' | 'new';

/** Where each demo partner is in the foundation (keys of DEMO_USERS). */
const STAGES: Record<string, Stage> = {
  maria: 'complete',
  james: 'step3',
  sofia: 'step5-skipped4',
  luc: 'step2',
  aisha: 'new',
  emma: 'complete',
  noah: 'step4',
  olivia: 'new',
};

function commandsFor(stage: Stage): OnboardingCommand[] {
  const commands: OnboardingCommand[] = [];
  if (stage === 'new') return commands;
  commands.push({ type: 'SyncNewsletterStep', subscribed: true });
  if (stage === 'step2') return commands;
  commands.push({ type: 'SaveReferralLink', link: 'DEMO' });
  if (stage === 'step3') {
    // lists started but too short to complete the step
    commands.push({
      type: 'UpdateLists',
      customerList: names('c', CUSTOMERS.slice(0, 3)),
      partnerList: names('p', PARTNERS.slice(0, 2)),
    });
    return commands;
  }
  commands.push(
    { type: 'UpdateLists', customerList: names('c', CUSTOMERS), partnerList: names('p', PARTNERS) },
    { type: 'ConfirmLists' },
  );
  if (stage === 'step4') return commands;
  if (stage === 'step5-skipped4') return [...commands, { type: 'SkipProductExperience' }];
  return [
    ...commands,
    { type: 'SubmitProductExperience', data: EXPERIENCE },
    { type: 'SubmitWhyAnswers', data: WHY },
  ];
}

/**
 * The onboarding decider, with each step it completes (and the training) stamped at the time
 * that partner did it in the demo's history (`times[step - 1]`), not at the time of the seed.
 */
const stampedDecider = (times: Date[]): typeof onboardingDecider => ({
  ...onboardingDecider,
  decide: (command, state) =>
    onboardingDecider.decide(command, state).map((event) => {
      if (event.type === 'StepCompleted')
        return { ...event, data: { ...event.data, completedAt: times[event.data.step - 1]!.toISOString() } };
      if (event.type === 'TrainingCompleted')
        return { ...event, data: { completedAt: times[4]!.toISOString() } };
      return event;
    }),
});

/**
 * Demo progress for the demo partners (run after the demo users exist): one complete, one at
 * step 3 with short lists, one who skipped step 4, one not started, ... Recorded through the
 * real deciders, so the read model and the audit history look like real use; each step is
 * stamped days after the one before, between joining and the last sign-in (the funnel's median
 * days). Idempotent: a partner who already has onboarding events is left alone.
 */
export async function seedDemoOnboarding(deps: AppDeps): Promise<string> {
  const metadata: CommandMetadata = { actorId: null, correlationId: 'demo-seed' };
  // never put demo addresses on a real Mailchimp audience
  const demoList = mailchimpSettings(deps.config) ? null : new DemoNewsletter(deps.db);
  let seeded = 0;
  let last: string | null = null;
  for (const [index, user] of DEMO_USERS.entries()) {
    const stage = STAGES[user.key] ?? 'new';
    const record = await findUserById(deps.db, user.id);
    if (!record || stage === 'new') continue;
    if ((await readStreamOrEmpty(deps.store, onboardingStream(user.id))).length > 0) continue;
    const subscribed = await handleCommand(
      deps.store,
      userStream(user.id),
      userDecider,
      { type: 'SetNewsletter', subscribed: true, source: 'seed' },
      metadata,
    );
    last = subscribed.position ?? last;
    await demoList?.subscribe({
      email: record.email,
      firstName: record.firstName,
      lastName: record.lastName,
    });
    const decider = stampedDecider(demoStepTimes(record.createdAt, record.lastLoginAt ?? new Date(), index));
    for (const command of commandsFor(stage)) {
      const cmd =
        command.type === 'SaveReferralLink'
          ? { ...command, link: `${user.firstName}${user.uid.slice(2)}` }
          : command;
      const result = await handleCommand(deps.store, onboardingStream(user.id), decider, cmd, metadata);
      last = result.position ?? last;
    }
    seeded++;
  }
  if (last) await deps.projections.waitFor(last, { timeoutMs: 30_000 });
  return `onboarding: progress for ${seeded} demo partners`;
}
