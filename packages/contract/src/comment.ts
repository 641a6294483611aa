// Routes of the `comment` feature (issue 3). Filled in by the feature's slice; see docs/adding-a-feature.md.
export const commentRoutes = {} as const;
