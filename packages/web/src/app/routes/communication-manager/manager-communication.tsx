import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconServer, IconTemplate, type Icon } from '@tabler/icons-react';
import { isApplicationManager, passesRoleCheck, type Role } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useCommunicationOptions } from '../../../features/communication/api/get-options';
import { EmailLog } from '../../../features/communication/components/email-log';
import { MailingCompose } from '../../../features/communication/components/mailing-compose';
import { MailingList } from '../../../features/communication/components/mailing-list';
import { NoSmtpBanner } from '../../../features/communication/components/no-smtp-banner';
import { useAccount } from '../../../features/user/api/get-account';
import { paths } from '../../paths';
import { NoAccess } from '../no-access';

function LinkCard({
  to,
  icon: IconOf,
  title,
  text,
}: {
  to: string;
  icon: Icon;
  title: string;
  text: string;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="lg">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light">
          <IconOf size={28} aria-hidden />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} className="pluk-wrap">
            {title}
          </Text>
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {text}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Writing to members and following the mailings: the PostManager's part (decision 082). */
function Mailings() {
  const { t } = useTranslation('communication');
  const options = useCommunicationOptions();
  if (options.isPending) return <LoadingState />;
  if (options.isError) return <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  return (
    <>
      <NoSmtpBanner source={options.data.smtpSource} />
      <Stack gap="sm" component="section" aria-labelledby="communication-compose">
        <Title order={2} size="h3" id="communication-compose">
          {t('hub.compose')}
        </Title>
        <MailingCompose options={options.data} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="communication-mailings">
        <Title order={2} size="h3" id="communication-mailings">
          {t('hub.mailings')}
        </Title>
        <MailingList />
      </Stack>
    </>
  );
}

/**
 * /applicationManager/communication: e-mail members (PostManager), the pluk mail (PlukManager), the
 * record of every e-mail and the links to the templates (ApplicationManager) and SMTP (Admin). Each
 * part shows for whoever passes its role; someone passing none sees the no-access page.
 */
export function ManagerCommunicationRoute() {
  const { t } = useTranslation('communication');
  const { t: th } = useTranslation('harvest');
  const account = useAccount();
  const held: readonly Role[] = account.data?.roles ?? [];
  const mailer = passesRoleCheck(held, 'PostManager');
  const pluk = passesRoleCheck(held, 'PlukManager');
  const manager = isApplicationManager(held);
  if (account.data && !mailer && !pluk) return <NoAccess />;
  return (
    <Stack gap="xl">
      {(pluk || manager) && (
        <Stack gap="md">
          {pluk && (
            <LinkCard
              to={paths.manager.communication.sendPluk.getHref()}
              icon={IconMail}
              title={th('communication.plukMail')}
              text={th('communication.plukMailText')}
            />
          )}
          {manager && (
            <LinkCard
              to={paths.manager.settings.emails.getHref()}
              icon={IconTemplate}
              title={t('hub.templates')}
              text={t('hub.templatesText')}
            />
          )}
          {held.includes('Admin') && (
            <LinkCard
              to={paths.manager.settings.smtp.getHref()}
              icon={IconServer}
              title={t('hub.smtp')}
              text={t('hub.smtpText')}
            />
          )}
        </Stack>
      )}
      {mailer && <Mailings />}
      {manager && (
        <Stack gap="sm" component="section" aria-labelledby="communication-log">
          <Title order={2} size="h3" id="communication-log">
            {t('hub.log')}
          </Title>
          <EmailLog />
        </Stack>
      )}
    </Stack>
  );
}
