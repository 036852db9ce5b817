/** The changelog's types and environments without TypeBox, for the portal's registry every screen loads. */
export const CHANGELOG_TYPES = ['added', 'fixed', 'updated'] as const;
export type ChangelogType = (typeof CHANGELOG_TYPES)[number];

export const ENVIRONMENTS = ['development', 'test', 'acceptance', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The date column of an environment: an item is on an environment when its date is set. */
export const environmentDate = (environment: Environment) => `date_on_${environment}` as const;
