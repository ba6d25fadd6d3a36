// Routes of the admin feature: filled in by the issue that builds it.
export const adminRoutes = {};
