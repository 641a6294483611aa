import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAdjustments,
  IconApps,
  IconClipboardText,
  IconLanguage,
  IconListDetails,
  IconMail,
  IconPalette,
  IconPhoto,
  IconServer,
  IconSettingsAutomation,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';

type LinkKey =
  | 'overview'
  | 'colors'
  | 'logo'
  | 'membership'
  | 'emails'
  | 'smtp'
  | 'translations'
  | 'advanced'
  | 'actions'
  | 'createNewApp';

const links: { key: LinkKey; to: string; icon: Icon; adminOnly?: boolean }[] = [
  { key: 'overview', to: paths.manager.settings.overview.getHref(), icon: IconListDetails },
  { key: 'colors', to: paths.manager.settings.colors.getHref(), icon: IconPalette },
  { key: 'logo', to: paths.manager.settings.logo.getHref(), icon: IconPhoto },
  { key: 'membership', to: paths.manager.settings.membership.getHref(), icon: IconClipboardText },
  { key: 'emails', to: paths.manager.settings.emails.getHref(), icon: IconMail },
  { key: 'smtp', to: paths.manager.settings.smtp.getHref(), icon: IconServer, adminOnly: true },
  { key: 'translations', to: paths.manager.translations.getHref(), icon: IconLanguage, adminOnly: true },
  { key: 'advanced', to: paths.manager.settings.advanced.getHref(), icon: IconAdjustments, adminOnly: true },
  {
    key: 'actions',
    to: paths.manager.settings.actions.getHref(),
    icon: IconSettingsAutomation,
    adminOnly: true,
  },
  { key: 'createNewApp', to: paths.manager.settings.createNewApp.getHref(), icon: IconApps, adminOnly: true },
];

/** The settings screens this user may open: the Admin's only for an Admin. */
export function SettingsLinks({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} component="nav" aria-label={t('home.nav')}>
      {links
        .filter((link) => isAdmin || !link.adminOnly)
        .map(({ key, to, icon: LinkIcon }) => (
          <Card key={key} component={Link} to={to} withBorder radius="md" padding="md">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">
                <LinkIcon size={24} aria-hidden />
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} className="pluk-wrap">
                  {t(`home.${key}`)}
                </Text>
                <Text size="sm" c="dimmed" className="pluk-wrap">
                  {t(`home.${key}Text`)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
    </SimpleGrid>
  );
}
