import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MemberImport } from '../../../features/users/components/member-import';
import { paths } from '../../paths';

/** /applicationManager/users/import: the members spreadsheet import (decision 097). */
export function MemberImportRoute() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.import')}</Title>
      <MemberImport onClose={() => void navigate(paths.manager.users.getHref())} />
    </Stack>
  );
}
