import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  HomeTasksBlock,
  LatestPostBlock,
  NextEventBlock,
  type HomeLinks,
} from '../../features/home/components/home-blocks';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { useAccount } from '../../features/user/api/get-account';
import { WeatherCard } from '../../features/weather/components/weather-card';
import { paths } from '../paths';

const links: HomeLinks = {
  task: paths.task.getHref,
  tasks: paths.tasks.getHref(),
  post: paths.post.getHref,
  event: paths.event.getHref,
  events: paths.events.getHref(),
};

/**
 * The member home (/): the greeting, today's weather, open chores, the next event and the latest post.
 * Each block loads and fails on its own. Requests and offers come with the market.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const account = useAccount().data;
  const info = useAppInfo();
  if (!account) return null;
  return (
    <Stack gap="lg" py="md">
      <Stack gap={2}>
        <Title order={2}>{t('home.greeting', { firstName: account.firstName })}</Title>
        <Text c="dimmed">{t('home.welcome', { appName: info?.appName ?? t('productName') })}</Text>
      </Stack>
      <WeatherCard />
      <HomeTasksBlock links={links} />
      <NextEventBlock links={links} />
      <LatestPostBlock links={links} />
    </Stack>
  );
}
