import { NavLink, Paper, Stack, Text } from '@mantine/core';
import {
  IconBasket,
  IconCalendarEvent,
  IconChartLine,
  IconChecklist,
  IconChevronRight,
  IconCoins,
  IconHeartHandshake,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { viewSlugs, type ViewSlug } from '../../../features/analyst/views';
import { paths } from '../../paths';

const icons: Record<ViewSlug, Icon> = {
  graph: IconChartLine,
  wallet: IconCoins,
  event: IconCalendarEvent,
  request: IconHeartHandshake,
  task: IconChecklist,
  product: IconBasket,
};

/** /analyst: the overview first, then every view, each with what it shows (Analyst and Admin). */
export function AnalystHomeRoute() {
  const { t } = useTranslation('analyst');
  return (
    <Stack gap="md">
      <Text>{t('home.intro')}</Text>
      <Paper withBorder radius="md">
        <nav aria-label={t('nav')}>
          {viewSlugs.map((slug) => {
            const ViewIcon = icons[slug];
            return (
              <NavLink
                key={slug}
                component={Link}
                to={paths.analyst[slug].getHref()}
                label={<Text fw={600}>{t(`titles.${slug}`)}</Text>}
                description={t(`home.views.${slug}`)}
                leftSection={<ViewIcon size={28} aria-hidden />}
                rightSection={<IconChevronRight size={18} aria-hidden />}
                py="md"
              />
            );
          })}
        </nav>
      </Paper>
    </Stack>
  );
}
