import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconClipboardList,
  IconListCheck,
  IconReportMoney,
  IconShieldLock,
  type Icon,
} from '@tabler/icons-react';
import { isApplicationManager, passesRoleCheck, type Role } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface AdministrationLinks {
  yearly: string;
  reenrolment: string;
  createQuestions: string;
  adminActions: string;
  createNewApp: string;
}

type Action = keyof AdministrationLinks;

const icons: Record<Action, Icon> = {
  yearly: IconReportMoney,
  reenrolment: IconClipboardList,
  createQuestions: IconListCheck,
  adminActions: IconShieldLock,
  createNewApp: IconBuildingCommunity,
};

/** Which bulk actions a manager may open (the server checks each again). */
function actionsFor(roles: readonly Role[]): Action[] {
  const actions: Action[] = [];
  if (passesRoleCheck(roles, 'BankManager')) actions.push('yearly');
  if (isApplicationManager(roles)) actions.push('reenrolment', 'createQuestions');
  if (passesRoleCheck(roles, 'Admin')) actions.push('adminActions', 'createNewApp');
  return actions;
}

/**
 * `/applicationManager/administration-actions`: the actions on all members at once — the yearly
 * transactions (BankManager), the re-enrolment rounds and their questionnaires (ApplicationManager) and
 * the Admin's actions — each a link to its own screen.
 */
export function AdministrationActions({
  roles,
  links,
}: {
  roles: readonly Role[];
  links: AdministrationLinks;
}) {
  const { t } = useTranslation('admin');
  const actions = actionsFor(roles);
  if (actions.length === 0) return <Text c="dimmed">{t('administration.nothing')}</Text>;
  return (
    <Stack gap="md">
      <Text>{t('administration.intro')}</Text>
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('administration.label')}
      >
        {actions.map((action) => {
          const ActionIcon = icons[action];
          return (
            <li key={action}>
              <Card component={Link} to={links[action]} withBorder radius="md" padding="md">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <ActionIcon size={24} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} className="pluk-wrap">
                      {t(`administration.${action}`)}
                    </Text>
                    <Text size="sm" c="dimmed" className="pluk-wrap">
                      {t(`administration.${action}Text`)}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
