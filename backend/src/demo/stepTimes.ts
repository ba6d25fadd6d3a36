const DAY = 86_400_000;
/** Typical days on each foundation step: the newsletter, the referral link, the lists, the product story, the why. */
const STEP_DAYS = [1, 3, 7, 5, 4];

/**
 * When a demo partner first completed each of the five steps (step 1 first): days apart after
 * joining, at a pace of their own (`pace`, any integer: 0.6 to 1.6 times the typical days), and
 * squeezed to end before `until` (their last sign-in, or now: steps are done while signed in) when
 * they joined only lately. Deterministic, so every seed gives the funnel the same medians.
 */
export function demoStepTimes(joinedAt: Date, until: Date, pace: number): Date[] {
  const factor = 0.6 + (Math.abs(pace) % 5) * 0.25;
  let days = 0;
  const offsets = STEP_DAYS.map((d) => (days += d * factor));
  // the last step at 90 % of the time between joining and `until` at the latest
  const room = Math.max(0, ((until.getTime() - joinedAt.getTime()) / DAY) * 0.9);
  const scale = Math.min(1, room / days);
  return offsets.map((d) => new Date(joinedAt.getTime() + d * scale * DAY));
}
