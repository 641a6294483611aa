import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
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
import { isApplicationManager, passesRoleCheck, waitingListQuery, type Role } from '@pluk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconNews } from '@tabler/icons-react';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../features/user/api/get-account';
import { usePagedUsers } from '../../../features/users/api/get-paged-users';
import { useWaitingFeedbackCount } from '../../../features/feedback/api/app-feedback';
import { paths } from '../../paths';

function Tile({
  to,
  icon: TileIcon,
  title,
  text,
  badge,
}: {
  to: string;
  icon: Icon;
  title: string;
  text: string;
  badge?: ReactNode;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="lg">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light">
          <TileIcon size={28} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} className="pluk-wrap">
              {title}
            </Text>
            {badge}
          </Group>
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
  // One row is enough: only the total is shown.
  const count = usePagedUsers({ ...waitingListQuery, rowsPerPage: 1 }).data?.total;
  return (
    <Tile
      to={paths.manager.waitingList.getHref()}
      icon={IconUserPlus}
      title={t('managerHome.waitingList')}
      text={t('managerHome.waitingListText')}
      badge={
        count !== undefined && (
          <Badge
            size="lg"
            circle={count < 100}
            color={count > 0 ? 'red' : 'gray'}
            aria-label={t('managerHome.waitingCount', { count })}
          >
            {count}
          </Badge>
        )
      }
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
  const waiting = useWaitingFeedbackCount().data;
  return (
    <Tile
      to={paths.manager.feedback.getHref()}
      icon={IconMessageCircle}
      title={t('managerTile.title')}
      text={t('managerTile.text')}
      badge={
        // Like the waiting list: a red count only when something waits, no grey "0".
        waiting !== undefined &&
        waiting > 0 && (
          <Badge
            size="lg"
            circle={waiting < 100}
            color="red"
            aria-label={t('managerTile.count', { count: waiting })}
          >
            {waiting}
          </Badge>
        )
      }
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

/** The harvest tiles (issue 9): crops or articles, fields, pluk or offer, and the pluk mail. */
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
 * The bank's administration (issue 10): the yearly run, payment mails and bank files for a BankManager;
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
/** The yearly re-enrolment (issue 11): the rounds, questionnaires, answers and the conversion. */
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
/** The bulk actions (issue 12): yearly transactions, re-enrolment and the Admin's actions. */
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
/** Every text of the app in the farm's own words (issue 12). */
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
/** Settings and branding (issue 12): name, harvest year, colours, logo, membership, e-mails. */
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
/** E-mailing members, the pluk mail and the e-mail log (issue 12): for a PostManager or PlukManager. */
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
/** The analyst's charts (issue 13): Analyst and Admin only. */
function AnalystTile() {
  const { t } = useTranslation('analyst');
  return (
    <Tile to={paths.analyst.home.getHref()} icon={IconChartLine} title={t('tile')} text={t('tileText')} />
  );
}

/** /applicationManager: a tile for every manager screen that exists for this user's roles. */
export function ManagerHomeRoute() {
  const { t } = useTranslation('users');
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
  return (
    <Stack gap="md">
      {!showWaitingList &&
        !showExperimental &&
        !showTasks &&
        !showPosts &&
        !showEvents &&
        !showProducts &&
        !showRequests &&
        !showBank &&
        !showHarvest &&
        !showAnalyst && <Text c="dimmed">{t('managerHome.nothingYet')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {showWaitingList && <UsersTile />}
        {showWaitingList && <WaitingListTile />}
        {showWaitingList && <FeedbackTile />}
        {showWaitingList && <SubscriptionsTile />}
        {showTasks && <TasksTile />}
        {showEvents && <EventsTile />}
        {showPosts && <PostsTile />}
        {showProducts && <ProductsTile />}
        {showRequests && <RequestsTile />}
        {showBank && <InternalBankTile />}
        {/* bank (manager) */}
        {showBank && <BankTile />}
        {showHarvest && <HarvestTiles roles={roles} />}
        {/* bank (admin) */}
        {showBank && <BankAdminTiles roles={roles} />}
        {/* re-enrolment (manager) */}
        {showWaitingList && <ReenrolmentTile />}
        {/* admin actions */}
        {(showWaitingList || showBank) && <AdministrationActionsTile />}
        {/* translations (Admin) */}
        {showExperimental && <TranslationsTile />}
        {/* settings */}
        {showWaitingList && <SettingsTile />}
        {/* e-mails and communication (manager) */}
        {(showPosts || passesRoleCheck(roles, 'PlukManager')) && <CommunicationTile />}
        {/* analyst */}
        {showAnalyst && <AnalystTile />}
        {showExperimental && (
          <Tile
            to={paths.manager.experimental.getHref()}
            icon={IconFlask}
            title={t('managerHome.experimental')}
            text={t('managerHome.experimentalText')}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
