import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

/** Shown in the route's layout when the user lacks the role the route needs. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" pt="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="gray">
        <IconLock size={40} />
      </ThemeIcon>
      <Title order={2}>{t('noAccess.title')}</Title>
      <Text maw={420}>{t('noAccess.text')}</Text>
      <Button component={Link} to={paths.home.getHref()}>
        {t('actions.toHome')}
      </Button>
    </Stack>
  );
}
