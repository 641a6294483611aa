import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudOff, IconDroplet, IconWind } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWeather } from '../api/get-weather';
import { weatherIcon } from './weather-icon';

const whole = (value: number) => Math.round(value);

/** Today's weather at the farm: now, today's range, rain chance and wind; never breaks the home. */
export function WeatherCard() {
  const { t } = useTranslation('home');
  const query = useWeather();
  const title = (
    <Text fw={600} size="sm" c="dimmed">
      {query.data?.location ? t('weather.titleAt', { location: query.data.location }) : t('weather.title')}
    </Text>
  );

  if (query.isPending) {
    return (
      <Card withBorder radius="md" padding="md" aria-busy="true">
        <Stack gap="xs" role="status" aria-label={t('weather.loading')}>
          <Skeleton height={14} width="40%" />
          <Group wrap="nowrap">
            <Skeleton height={48} circle />
            <Skeleton height={32} width="50%" />
          </Group>
        </Stack>
      </Card>
    );
  }

  const conditions = query.data?.conditions ?? null;
  if (!conditions) {
    // An error or no forecast: the home goes on without it (product-spec §8: conditions cleared).
    return (
      <Card withBorder radius="md" padding="md">
        <Group wrap="nowrap" gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray">
            <IconCloudOff size={22} aria-hidden />
          </ThemeIcon>
          <div>
            {title}
            <Text size="sm">{t('weather.unavailable')}</Text>
          </div>
        </Group>
      </Card>
    );
  }

  const ConditionIcon = weatherIcon(conditions.weatherCode, conditions.isDay);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        {title}
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color={conditions.isDay ? 'yellow' : 'indigo'}>
            <ConditionIcon size={34} aria-hidden />
          </ThemeIcon>
          <div>
            <Text fz={32} fw={700} lh={1.1}>
              {t('weather.degrees', { value: whole(conditions.temperature) })}
            </Text>
            <Text>{conditions.description}</Text>
          </div>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            {t('weather.range', {
              min: whole(conditions.temperatureMin),
              max: whole(conditions.temperatureMax),
            })}
          </Text>
          {conditions.precipitationProbability !== null && (
            <Group gap={4} wrap="nowrap">
              <IconDroplet size={16} aria-hidden />
              <Text size="sm">{t('weather.rain', { value: conditions.precipitationProbability })}</Text>
            </Group>
          )}
          <Group gap={4} wrap="nowrap">
            <IconWind size={16} aria-hidden />
            <Text size="sm">{t('weather.wind', { value: conditions.windSpeed })}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
