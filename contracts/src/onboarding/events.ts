// Domain events of the onboarding feature: filled in by the issue that builds it.
export const onboardingEvents = [] as const;
