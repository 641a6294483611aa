import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';
import { defineRoute } from './define-route.js';

/** Today's conditions at the farm (Open-Meteo), rounded for display. */
export const weatherConditionsSchema = z.object({
  /** Now, °C. */
  temperature: z.number(),
  /** Today's minimum and maximum, °C. */
  temperatureMin: z.number(),
  temperatureMax: z.number(),
  /** Highest chance of rain today, 0–100 %; null when the forecast has none. */
  precipitationProbability: z.number().nullable(),
  /** WMO weather interpretation code (0 clear … 99 thunderstorm with hail). */
  weatherCode: z.number().int(),
  /** Dutch description of the code ("Licht bewolkt"). */
  description: z.string(),
  /** km/h. */
  windSpeed: z.number(),
  isDay: z.boolean(),
});
export type WeatherConditions = z.infer<typeof weatherConditionsSchema>;

export const weatherForecastSchema = z.object({
  /**
   * Null when the farm has no coordinates or the forecast could not be read (docs/product/community.md,
   * "Weather").
   */
  conditions: weatherConditionsSchema.nullable(),
  /** The farm's place name from its settings (`weather.locationName`). */
  location: z.string().nullable(),
  /** When the conditions were fetched; null without conditions. */
  updatedAt: isoDateTimeSchema.nullable(),
});
export type WeatherForecast = z.infer<typeof weatherForecastSchema>;

/** App settings holding the farm's coordinates (managers set them in the settings screens). */
export const weatherSettingKeys = {
  latitude: 'weather.latitude',
  longitude: 'weather.longitude',
  locationName: 'weather.locationName',
} as const;

/** Dutch descriptions of the WMO weather codes Open-Meteo uses. */
export const wmoDescriptions: Record<number, string> = {
  0: 'Onbewolkt',
  1: 'Overwegend helder',
  2: 'Licht bewolkt',
  3: 'Bewolkt',
  45: 'Mist',
  48: 'Mist met rijp',
  51: 'Lichte motregen',
  53: 'Motregen',
  55: 'Dichte motregen',
  56: 'Lichte ijzelende motregen',
  57: 'IJzelende motregen',
  61: 'Lichte regen',
  63: 'Regen',
  65: 'Zware regen',
  66: 'Lichte ijzel',
  67: 'IJzel',
  71: 'Lichte sneeuwval',
  73: 'Sneeuwval',
  75: 'Zware sneeuwval',
  77: 'Korrelsneeuw',
  80: 'Lichte regenbuien',
  81: 'Regenbuien',
  82: 'Zware regenbuien',
  85: 'Lichte sneeuwbuien',
  86: 'Zware sneeuwbuien',
  95: 'Onweer',
  96: 'Onweer met lichte hagel',
  99: 'Onweer met zware hagel',
};

export function describeWeatherCode(code: number): string {
  return wmoDescriptions[code] ?? 'Onbekend weer';
}

export const weatherRoutes = {
  forecast: defineRoute({
    feature: 'weather',
    method: 'GET',
    path: 'weatherforecast',
    permission: 'member',
    summary:
      "Today's weather at the farm (Open-Meteo, cached 30 minutes per app); conditions null when unknown.",
    response: { 200: weatherForecastSchema },
  }),
} as const;
