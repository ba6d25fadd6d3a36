import { randomBytes, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app/deps';
import { signInStream } from '../../domain/user/signIns';

/**
 * Partners recorded as events (User-<id> and Onboarding-<id> streams), the way the real
 * commands would record them, for the demo data and the tests of the partners directory.
 */
export interface SeedPartner {
  id?: string;
  sponsorId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  /** bcrypt hash; a random unusable one when absent */
  passwordHash?: string;
  uid?: string;
  /** ISO time the account was opened; now when absent */
  joinedAt?: string;
  /** ISO time of the last sign-in; none when absent */
  lastLoginAt?: string;
  /** steps 1..n completed (0..5) */
  completedSteps?: number;
  /** ISO time each completed step was first done (step 1 first; the training with step 5); now when absent */
  completedAt?: string[];
  feelGreatLink?: string;
  customerList?: { id: string; name: string; note?: string }[];
  partnerList?: { id: string; name: string; note?: string }[];
  productExperience?:
    | {
        startDate: string;
        positiveChanges: string;
        confidenceLevel: 'confident' | 'need_help';
        challenges?: string;
      }
    | 'skipped';
  whyAnswers?: {
    joinReason: string;
    monthlyGoal3: string;
    monthlyGoal6: string;
    monthlyGoal12: string;
    lifeChanges: string;
    nonMonetaryGoals?: string;
    commitmentLevel: string;
    timeAvailable: string;
    helpNeeded: string;
    strengths: string;
    shareWithSponsor: boolean;
  };
}

const meta = () => ({
  actorId: null,
  correlationId: `seed-${randomUUID()}`,
  causationId: null,
});
const ev = (type: string, data: unknown) => ({ id: randomUUID(), type, data, metadata: meta() });

const newMemberId = () => `P-${randomBytes(4).toString('hex').toUpperCase()}`;

/** Appends the partner's events; returns the id and the position to wait for. */
export async function seedPartner(
  deps: Pick<AppDeps, 'store'>,
  p: SeedPartner,
): Promise<{ id: string; position: string }> {
  const id = p.id ?? randomUUID();
  const userEvents = [
    ev('UserRegistered', {
      userId: id,
      uid: p.uid ?? newMemberId(),
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      passwordHash: p.passwordHash ?? `!seed-${randomBytes(16).toString('hex')}`,
      sponsorId: p.sponsorId,
      isAdmin: false,
      mustChangePassword: false,
      source: 'seed',
      ...(p.joinedAt ? { registeredAt: p.joinedAt } : {}),
    }),
  ];
  let { position } = await deps.store.appendToStream(`User-${id}`, userEvents, {
    expectedRevision: 'no_stream',
  });
  // sign-ins have their own stream (domain/user/signIns.ts)
  if (p.lastLoginAt) {
    ({ position } = await deps.store.appendToStream(
      signInStream(id),
      [ev('UserSignedIn', { at: p.lastLoginAt })],
      {
        expectedRevision: 'no_stream',
      },
    ));
  }

  const steps = Math.max(0, Math.min(5, p.completedSteps ?? 0));
  const onboarding = [];
  if (p.feelGreatLink) onboarding.push(ev('ReferralLinkSaved', { feelGreatLink: p.feelGreatLink }));
  if (p.customerList || p.partnerList)
    onboarding.push(
      ev('ProspectListsUpdated', { customerList: p.customerList ?? [], partnerList: p.partnerList ?? [] }),
    );
  if (p.productExperience === 'skipped') onboarding.push(ev('ProductExperienceSkipped', {}));
  else if (p.productExperience) onboarding.push(ev('ProductExperienceSubmitted', p.productExperience));
  if (p.whyAnswers) onboarding.push(ev('WhyAnswersSubmitted', p.whyAnswers));
  const doneAt = (step: number) =>
    p.completedAt?.[step - 1] ? { completedAt: p.completedAt[step - 1] } : {};
  for (let step = 1; step <= steps; step++) onboarding.push(ev('StepCompleted', { step, ...doneAt(step) }));
  if (steps === 5) onboarding.push(ev('TrainingCompleted', doneAt(5)));
  if (onboarding.length) {
    ({ position } = await deps.store.appendToStream(`Onboarding-${id}`, onboarding, {
      expectedRevision: 'no_stream',
    }));
  }
  return { id, position };
}
