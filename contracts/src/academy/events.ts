// Domain events of the academy feature: filled in by the issue that builds it.
export const academyEvents = [] as const;
