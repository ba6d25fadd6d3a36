// Zod-free on purpose: the partner app's academy page imports this rule.

/**
 * Whether the academy offers the guided tour by itself (spec 001, "Academy guided tour"): none
 * of the three flags is set. The one owner of the rule: the partner app asks it of the tutorial
 * record it reads, the tests of the tutorial decider of the state it folds.
 */
export const shouldAutoPrompt = (flags: {
  skipTutorial: boolean;
  academyTourSeen: boolean;
  tutorialCompleted: boolean;
}) => !flags.skipTutorial && !flags.academyTourSeen && !flags.tutorialCompleted;
