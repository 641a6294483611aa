// Mantine per component (the dates, dropzone and tiptap styles come with the screens using them).
import './mantine.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useAppColors } from '../features/info/api/get-app-colors';
import { createAppTheme, defaultColors } from '../lib/theme';
import { themeVariablesCss } from '../lib/theme-css';
import { NotificationsHost } from './notifications-host';

/**
 * Mantine with the app's own colours (they arrive during start-up, so the theme follows them). Its CSS
 * variables are written from `themeVariablesCss`, which main.tsx has usually computed already (decision
 * 071), not by Mantine in this render.
 */
function BrandedMantine({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const colors = useAppColors() ?? defaultColors;
  const { t } = useTranslation();
  const closeLabel = t('header.close');
  const theme = useMemo(() => createAppTheme(colors, closeLabel), [colors, closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} env={env}>
      <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeVariablesCss(colors) }} />
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}

export interface AppProviderProps {
  queryClient: QueryClient;
  i18n: I18n;
  /** 'test' turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProvider({ queryClient, i18n, env, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrandedMantine env={env}>{children}</BrandedMantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
