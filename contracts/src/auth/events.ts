// Domain events of the user stream: filled in by the sign-in issue.
export const authEvents = [] as const;
