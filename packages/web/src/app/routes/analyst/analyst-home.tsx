import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChartLine,
  IconChecklist,
  IconCoins,
  IconHeartHandshake,
  IconBasket,
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

/** /analyst: the overview first, then a tile per view (Analyst and Admin). */
export function AnalystHomeRoute() {
  const { t } = useTranslation('analyst');
  return (
    <Stack gap="md">
      <Text>{t('home.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {viewSlugs.map((slug) => {
          const TileIcon = icons[slug];
          return (
            <Card
              key={slug}
              component={Link}
              to={paths.analyst[slug].getHref()}
              withBorder
              radius="md"
              padding="lg"
            >
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size={48} radius="md" variant="light">
                  <TileIcon size={28} aria-hidden />
                </ThemeIcon>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} className="pluk-wrap">
                    {t(`titles.${slug}`)}
                  </Text>
                  <Text size="sm" c="dimmed" className="pluk-wrap">
                    {t(`home.views.${slug}`)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
