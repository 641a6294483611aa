import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../paths';

/** /applicationManager/communication: the e-mails a manager can send from here (the pluk mail). */
export function ManagerCommunicationRoute() {
  const { t } = useTranslation('harvest');
  return (
    <Stack gap="md">
      <Card
        component={Link}
        to={paths.manager.communication.sendPluk.getHref()}
        withBorder
        radius="md"
        padding="lg"
      >
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconMail size={28} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} className="pluk-wrap">
              {t('communication.plukMail')}
            </Text>
            <Text size="sm" c="dimmed" className="pluk-wrap">
              {t('communication.plukMailText')}
            </Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
