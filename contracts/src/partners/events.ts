// Domain events of the partners feature: filled in by the issue that builds it.
export const partnersEvents = [] as const;
