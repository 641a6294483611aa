// Routes of the `notification` feature (issue 3). Filled in by the feature's slice; see docs/adding-a-feature.md.
export const notificationRoutes = {} as const;
