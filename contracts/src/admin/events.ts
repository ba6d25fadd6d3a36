// Domain events of the admin feature: filled in by the issue that builds it.
export const adminEvents = [] as const;
