// Routes of the `task` feature (issue 3). Filled in by the feature's slice; see docs/adding-a-feature.md.
export const taskRoutes = {} as const;
