/** The texts' variants a farm can choose (info.ts). */
export const localeVariants = ['nl-be', 'nl-be-cooperative'] as const;
