import { Group, Skeleton, Stack } from '@mantine/core';
import { IconCloudOff, IconDroplet, IconWind } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWeather } from '../api/get-weather';
import classes from './weather-card.module.css';
import { weatherIcon } from './weather-icon';

const whole = (value: number) => Math.round(value);

/**
 * Today's weather at the farm: now, today's range, rain chance and wind; never breaks the home. Plain
 * elements looking like Mantine's Card, Group, Stack, Text and ThemeIcon (weather-card.module.css): the
 * home's first block, rendered at start-up.
 */
export function WeatherCard() {
  const { t } = useTranslation('home');
  const query = useWeather();
  const title = (
    <p className={classes.title}>
      {query.data?.location ? t('weather.titleAt', { location: query.data.location }) : t('weather.title')}
    </p>
  );

  if (query.isPending) {
    return (
      <div className={classes.card} aria-busy="true">
        <Stack gap="xs" role="status" aria-label={t('weather.loading')}>
          <Skeleton height={14} width="40%" />
          <Group wrap="nowrap">
            <Skeleton height={48} circle />
            <Skeleton height={32} width="50%" />
          </Group>
        </Stack>
      </div>
    );
  }

  const conditions = query.data?.conditions ?? null;
  if (!conditions) {
    // An error or no forecast: the home goes on without it (docs/product/community.md, "Weather").
    return (
      <div className={classes.card}>
        <div className={classes.row}>
          <div className={classes.icon} data-color="gray">
            <IconCloudOff size={22} aria-hidden />
          </div>
          <div>
            {title}
            <p className={classes.textSm}>{t('weather.unavailable')}</p>
          </div>
        </div>
      </div>
    );
  }

  const ConditionIcon = weatherIcon(conditions.weatherCode, conditions.isDay);
  return (
    <div className={classes.card}>
      <div className={classes.lines}>
        {title}
        <div className={classes.row} data-wide>
          <div className={classes.icon} data-large data-color={conditions.isDay ? 'yellow' : 'indigo'}>
            <ConditionIcon size={34} aria-hidden />
          </div>
          <div>
            <p className={classes.temperature}>
              {t('weather.degrees', { value: whole(conditions.temperature) })}
            </p>
            <p className={classes.text}>{conditions.description}</p>
          </div>
        </div>
        <div className={classes.details}>
          <p className={classes.textSm}>
            {t('weather.range', {
              min: whole(conditions.temperatureMin),
              max: whole(conditions.temperatureMax),
            })}
          </p>
          {conditions.precipitationProbability !== null && (
            <div className={classes.detail}>
              <IconDroplet size={16} aria-hidden />
              <p className={classes.textSm}>
                {t('weather.rain', { value: conditions.precipitationProbability })}
              </p>
            </div>
          )}
          <div className={classes.detail}>
            <IconWind size={16} aria-hidden />
            <p className={classes.textSm}>{t('weather.wind', { value: conditions.windSpeed })}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
