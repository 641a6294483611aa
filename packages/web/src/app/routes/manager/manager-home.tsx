import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBasket,
  // analyst
  IconChartLine,
  IconBuildingBank,
  // bank (admin)
  IconCreditCard,
  IconFileImport,
  IconMailDollar,
  IconReportMoney,
  IconChecklist,
  // re-enrolment (manager)
  IconClipboardList,
  IconFlask,
  // translations (Admin)
  IconLanguage,
  IconHeartHandshake,
  IconMail,
  IconMap2,
  IconListDetails,
  IconMessageCircle,
  IconPlant2,
  IconReceiptEuro,
  // settings
  IconSettings,
  IconUserPlus,
  // admin actions
  IconStack2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { isApplicationManager, passesRoleCheck, type Role } from '@pluk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconNews } from '@tabler/icons-react';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../features/user/api/get-account';
import { TodoList, type TodoLinks } from '../../../features/management/components/todo-list';
import { paths } from '../../paths';

function Tile({ to, icon: TileIcon, title, text }: { to: string; icon: Icon; title: string; text: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="lg">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light">
          <TileIcon size={28} />
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

function WaitingListTile() {
  const { t } = useTranslation('users');
  return (
    <Tile
      to={paths.manager.waitingList.getHref()}
      icon={IconUserPlus}
      title={t('managerHome.waitingList')}
      text={t('managerHome.waitingListText')}
    />
  );
}

function UsersTile() {
  const { t } = useTranslation('users');
  return (
    <Tile
      to={paths.manager.users.getHref()}
      icon={IconUsers}
      title={t('managerHome.users')}
      text={t('managerHome.usersText')}
    />
  );
}

function TasksTile() {
  const { t } = useTranslation('tasks');
  return (
    <Tile
      to={paths.manager.tasks.list.getHref()}
      icon={IconChecklist}
      title={t('manager.tile')}
      text={t('manager.tileText')}
    />
  );
}

function EventsTile() {
  const { t } = useTranslation('events');
  return (
    <Tile
      to={paths.manager.events.list.getHref()}
      icon={IconCalendarEvent}
      title={t('managerHome.tile')}
      text={t('managerHome.tileText')}
    />
  );
}

function PostsTile() {
  const { t } = useTranslation('posts');
  return (
    <Tile
      to={paths.manager.posts.list.getHref()}
      icon={IconNews}
      title={t('manager.tile')}
      text={t('manager.tileText')}
    />
  );
}

function FeedbackTile() {
  const { t } = useTranslation('feedback');
  return (
    <Tile
      to={paths.manager.feedback.getHref()}
      icon={IconMessageCircle}
      title={t('managerTile.title')}
      text={t('managerTile.text')}
    />
  );
}

function ProductsTile() {
  const { t } = useTranslation('productManager');
  return (
    <Tile
      to={paths.manager.products.list.getHref()}
      icon={IconBasket}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

function RequestsTile() {
  const { t } = useTranslation('requestManager');
  return (
    <Tile
      to={paths.manager.requests.getHref()}
      icon={IconHeartHandshake}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

function InternalBankTile() {
  const { t } = useTranslation('internalBank');
  return (
    <Tile
      to={paths.manager.internalBank.getHref()}
      icon={IconBuildingBank}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

// bank (manager)
function BankTile() {
  const { t } = useTranslation('bankManager');
  return (
    <Tile
      to={paths.manager.bank.list.getHref()}
      icon={IconReceiptEuro}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

/** The harvest tiles (decision 074): crops or articles, fields, pluk or offer, and the pluk mail. */
function HarvestTiles({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('harvest');
  const tile = (to: string, icon: Icon, key: 'crops' | 'fields' | 'pluk') => (
    <Tile key={key} to={to} icon={icon} title={t(`tiles.${key}`)} text={t(`tiles.${key}Text`)} />
  );
  return (
    <>
      {passesRoleCheck(roles, 'CropManager') && tile(paths.manager.crops.list.getHref(), IconPlant2, 'crops')}
      {passesRoleCheck(roles, 'FieldManager') &&
        tile(paths.manager.fields.list.getHref(), IconMap2, 'fields')}
      {passesRoleCheck(roles, 'PlukManager') && tile(paths.manager.pluk.list.getHref(), IconBasket, 'pluk')}
    </>
  );
}

function SubscriptionsTile() {
  const { t } = useTranslation('subscription');
  return (
    <Tile
      to={paths.manager.subscriptions.list.getHref()}
      icon={IconListDetails}
      title={t('manager.tile')}
      text={t('manager.tileText')}
    />
  );
}

// bank (admin)
/**
 * The bank's administration (decision 077): the yearly run, payment mails and bank files for a BankManager;
 * Mollie and the farm's account for an ApplicationManager.
 */
function BankAdminTiles({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('bankAdmin');
  const tile = (to: string, icon: Icon, key: 'emails' | 'import' | 'yearly' | 'mollie' | 'settings') => (
    <Tile key={key} to={to} icon={icon} title={t(`tiles.${key}`)} text={t(`tiles.${key}Text`)} />
  );
  const bank = passesRoleCheck(roles, 'BankManager');
  const application = isApplicationManager(roles);
  return (
    <>
      {bank && tile(paths.manager.bankEmails.getHref(), IconMailDollar, 'emails')}
      {bank && tile(paths.manager.bankImport.getHref(), IconFileImport, 'import')}
      {bank && tile(paths.manager.bankYearly.getHref(), IconReportMoney, 'yearly')}
      {application && tile(paths.manager.mollie.getHref(), IconCreditCard, 'mollie')}
      {application && tile(paths.manager.bankSettings.getHref(), IconBuildingBank, 'settings')}
    </>
  );
}

// re-enrolment (manager)
/** The yearly re-enrolment (decision 079): the rounds, questionnaires, answers and the conversion. */
function ReenrolmentTile() {
  const { t } = useTranslation('reenrolmentManager');
  return (
    <Tile
      to={paths.manager.reenrolment.list.getHref()}
      icon={IconClipboardList}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

// admin actions
/** The bulk actions (decision 084): yearly transactions, re-enrolment and the Admin's actions. */
function AdministrationActionsTile() {
  const { t } = useTranslation('admin');
  return (
    <Tile
      to={paths.manager.administrationActions.getHref()}
      icon={IconStack2}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

// translations (Admin)
/** Every text of the app in the farm's own words (decision 083). */
function TranslationsTile() {
  const { t } = useTranslation('translation');
  return (
    <Tile
      to={paths.manager.translations.getHref()}
      icon={IconLanguage}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

// settings
/** Settings and branding (decision 081): name, harvest year, colours, logo, membership, e-mails. */
function SettingsTile() {
  const { t } = useTranslation('settings');
  return (
    <Tile
      to={paths.manager.settings.home.getHref()}
      icon={IconSettings}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

// e-mails and communication (manager)
/** E-mailing members, the pluk mail and the e-mail log (decision 082): for a PostManager or PlukManager. */
function CommunicationTile() {
  const { t } = useTranslation('communication');
  return (
    <Tile
      to={paths.manager.communication.home.getHref()}
      icon={IconMail}
      title={t('tile')}
      text={t('tileText')}
    />
  );
}

// analyst
/** The analyst's charts (decision 085): Analyst and Admin only. */
function AnalystTile() {
  const { t } = useTranslation('analyst');
  return (
    <Tile to={paths.analyst.home.getHref()} icon={IconChartLine} title={t('tile')} text={t('tileText')} />
  );
}

/** Where each to-do item's list is, already filtered to what waits (decision 092). */
const todoLinks: TodoLinks = {
  waitingMembers: () => paths.manager.waitingList.getHref(),
  overduePayments: () => `${paths.manager.bank.list.getHref()}?status=open&achterstallig=1`,
  bankLinesToMatch: () => paths.manager.bankImport.getHref(),
  reservationsToHandle: () => paths.manager.products.reservations.getHref(),
  choresToConfirm: () => `${paths.manager.tasks.list.getHref()}?wachtend=1`,
  signUpsToConfirm: () => `${paths.manager.events.list.getHref()}?wachtend=1`,
  feedbackUnanswered: () => `${paths.manager.feedback.getHref()}?status=open`,
  emailsFailed: () => `${paths.manager.communication.home.getHref()}?status=failed`,
  questionnairesUnanswered: (item) =>
    item.roundId === null
      ? paths.manager.reenrolment.list.getHref()
      : `${paths.manager.reenrolment.detail.getHref(item.roundId)}?status=open`,
};

/** One area of the manager's screens: a heading and its tiles; left out when the roles open none. */
function Area({ id, title, children }: { id: string; title: string; children: ReactNode[] }) {
  if (!children.some(Boolean)) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`area-${id}`}>
      <Title order={3} size="h4" id={`area-${id}`}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{children}</SimpleGrid>
    </Stack>
  );
}

/**
 * /applicationManager, the staff's cockpit (decision 092): first what waits for this user's
 * roles, with counts and links to the filtered lists; below, every manager screen the roles open,
 * grouped by area.
 */
export function ManagerHomeRoute() {
  const { t } = useTranslation('users');
  const { t: tm } = useTranslation('management');
  const roles = useAccount().data?.roles ?? [];
  const showWaitingList = isApplicationManager(roles);
  const showExperimental = passesRoleCheck(roles, 'Admin');
  const showTasks = passesRoleCheck(roles, 'TaskManager');
  const showPosts = passesRoleCheck(roles, 'PostManager');
  const showEvents = passesRoleCheck(roles, 'EventManager');
  const showProducts = passesRoleCheck(roles, 'ProductManager');
  const showRequests = passesRoleCheck(roles, 'RequestManager');
  const showBank = passesRoleCheck(roles, 'BankManager');
  const showAnalyst = passesRoleCheck(roles, 'Analyst');
  const showHarvest = (['CropManager', 'FieldManager', 'PlukManager'] as const).some((role) =>
    passesRoleCheck(roles, role),
  );
  const showCommunication = showPosts || passesRoleCheck(roles, 'PlukManager');
  const nothing =
    !showWaitingList &&
    !showExperimental &&
    !showTasks &&
    !showPosts &&
    !showEvents &&
    !showProducts &&
    !showRequests &&
    !showBank &&
    !showHarvest &&
    !showAnalyst;
  return (
    <Stack gap="xl">
      <TodoList links={todoLinks} />
      {nothing && <Text c="dimmed">{t('managerHome.nothingYet')}</Text>}
      <Stack gap="lg">
        <Title order={2} size="h3">
          {tm('areas.title')}
        </Title>
        <Area id="members" title={tm('areas.members')}>
          {[
            showWaitingList && <UsersTile key="users" />,
            showWaitingList && <WaitingListTile key="waiting" />,
            showWaitingList && <SubscriptionsTile key="subscriptions" />,
            showWaitingList && <ReenrolmentTile key="reenrolment" />,
            showExperimental && (
              <Tile
                key="experimental"
                to={paths.manager.experimental.getHref()}
                icon={IconFlask}
                title={t('managerHome.experimental')}
                text={t('managerHome.experimentalText')}
              />
            ),
          ]}
        </Area>
        <Area id="harvest" title={tm('areas.harvest')}>
          {[showHarvest && <HarvestTiles key="harvest" roles={roles} />]}
        </Area>
        <Area id="money" title={tm('areas.money')}>
          {[
            showBank && <BankTile key="bank" />,
            showBank && <BankAdminTiles key="bank-admin" roles={roles} />,
            showBank && <InternalBankTile key="internal-bank" />,
            (showWaitingList || showBank) && <AdministrationActionsTile key="actions" />,
          ]}
        </Area>
        <Area id="community" title={tm('areas.community')}>
          {[
            showTasks && <TasksTile key="tasks" />,
            showEvents && <EventsTile key="events" />,
            showPosts && <PostsTile key="posts" />,
            showProducts && <ProductsTile key="products" />,
            showRequests && <RequestsTile key="requests" />,
            showWaitingList && <FeedbackTile key="feedback" />,
          ]}
        </Area>
        <Area id="communication" title={tm('areas.communication')}>
          {[showCommunication && <CommunicationTile key="communication" />]}
        </Area>
        <Area id="settings" title={tm('areas.settings')}>
          {[
            showWaitingList && <SettingsTile key="settings" />,
            showExperimental && <TranslationsTile key="translations" />,
            showAnalyst && <AnalystTile key="analyst" />,
          ]}
        </Area>
      </Stack>
    </Stack>
  );
}
