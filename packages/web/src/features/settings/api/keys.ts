/** Query keys of the settings screens (decision 081). The app's own info and colours live under 'info'. */
export type SettingScope = 'manager' | 'admin';

export const settingsKeys = {
  all: ['settings'] as const,
  list: (scope: SettingScope) => ['settings', 'list', scope] as const,
  detail: (key: string) => ['settings', 'detail', key] as const,
  overview: ['settings', 'overview'] as const,
  colors: ['settings', 'colors'] as const,
  membership: ['settings', 'membership'] as const,
};

/** The start-up's app info and colours (features/info): the header and theme read them. */
export const appInfoKey = ['info'] as const;
export const appColorsKey = ['info', 'colors'] as const;
