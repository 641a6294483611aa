import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  describeWeatherCode,
  weatherSettingKeys,
  type WeatherConditions,
  type WeatherForecast,
} from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { settingsWithPrefix } from '../../lib/app-settings.js';

/**
 * A good answer is kept this long per app (docs/product/community.md, "Weather": kept 30 minutes per farm).
 */
export const weatherCacheMs = 30 * 60 * 1000;
/** A failed or unreadable answer is kept only this long, so the next home soon tries again. */
export const weatherFailureRetryMs = 60 * 1000;
/** Answers larger than this are not weather. */
const maxAnswerBytes = 256 * 1024;

/** The part of Open-Meteo's forecast answer the home uses; anything else is ignored. */
const openMeteoSchema = z.object({
  current: z.object({
    temperature_2m: z.number(),
    weather_code: z.number().int().min(0).max(99),
    wind_speed_10m: z.number(),
    is_day: z.number(),
  }),
  daily: z.object({
    temperature_2m_max: z.array(z.number().nullable()).min(1),
    temperature_2m_min: z.array(z.number().nullable()).min(1),
    precipitation_probability_max: z.array(z.number().nullable()).min(1).optional(),
  }),
});

interface Coordinates {
  latitude: number;
  longitude: number;
}

interface Fetched {
  conditions: WeatherConditions | null;
  updatedAt: string | null;
}

interface CacheEntry extends Fetched {
  key: string;
  expiresAt: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function coordinate(value: string | undefined, limit: number): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value.trim().replace(',', '.'));
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** Turns Open-Meteo's answer into today's conditions, or null when it is not what we asked for. */
export function readOpenMeteo(body: unknown): WeatherConditions | null {
  const parsed = openMeteoSchema.safeParse(body);
  if (!parsed.success) return null;
  const { current, daily } = parsed.data;
  const temperature = round1(current.temperature_2m);
  const max = daily.temperature_2m_max[0];
  const min = daily.temperature_2m_min[0];
  const rain = daily.precipitation_probability_max?.[0];
  return {
    temperature,
    temperatureMin: round1(min ?? temperature),
    temperatureMax: round1(max ?? temperature),
    precipitationProbability: rain === null || rain === undefined ? null : Math.round(rain),
    weatherCode: current.weather_code,
    description: describeWeatherCode(current.weather_code),
    windSpeed: Math.round(current.wind_speed_10m),
    isDay: current.is_day === 1,
  };
}

/**
 * The answer's text, read chunk by chunk and abandoned (the connection cancelled) as soon as it grows
 * past `limit` bytes (decision 044). `response.text()` would first hold the whole answer in memory: an
 * upstream (or a misconfigured WEATHER_API_URL) streaming hundreds of megabytes within the timeout
 * would fill the server's memory before the size was ever checked.
 */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw new Error('weather answer too large');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error('weather answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Today's weather at each farm from Open-Meteo, for the coordinates in the app's settings. Kept in
 * memory per app (and per coordinates, so a moved farm asks again) for 30 minutes; one request per app
 * is in flight at a time. A slow, failing or unreadable answer gives `conditions: null`
 * (docs/product/community.md, "Weather"), never an error, and is asked again after a minute.
 */
export class WeatherService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, { key: string; promise: Promise<Fetched> }>();

  constructor(
    private readonly deps: {
      db: Database;
      log: FastifyBaseLogger;
      apiUrl: string;
      timeoutMs: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  async forecast(appId: string): Promise<WeatherForecast> {
    const settings = await settingsWithPrefix(this.deps.db, appId, 'weather.');
    const location = settings.get(weatherSettingKeys.locationName)?.trim() || null;
    const latitude = coordinate(settings.get(weatherSettingKeys.latitude), 90);
    const longitude = coordinate(settings.get(weatherSettingKeys.longitude), 180);
    if (latitude === null || longitude === null) return { conditions: null, location, updatedAt: null };
    const fetched = await this.conditionsFor(appId, { latitude, longitude });
    return { ...fetched, location };
  }

  private async conditionsFor(appId: string, coordinates: Coordinates): Promise<Fetched> {
    const key = `${coordinates.latitude},${coordinates.longitude}`;
    const cached = this.cache.get(appId);
    if (cached && cached.key === key && cached.expiresAt > this.now()) {
      return { conditions: cached.conditions, updatedAt: cached.updatedAt };
    }
    const running = this.inFlight.get(appId);
    if (running && running.key === key) return running.promise;
    const promise = this.fetchConditions(coordinates).then((fetched) => {
      const ttl = fetched.conditions ? weatherCacheMs : weatherFailureRetryMs;
      this.cache.set(appId, { ...fetched, key, expiresAt: this.now() + ttl });
      return fetched;
    });
    this.inFlight.set(appId, { key, promise });
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(appId)?.promise === promise) this.inFlight.delete(appId);
    }
  }

  /** The request of the issue: current conditions and today's extremes in Belgian time. */
  urlFor({ latitude, longitude }: Coordinates): string {
    const query =
      `latitude=${latitude}&longitude=${longitude}` +
      '&current=temperature_2m,weather_code,wind_speed_10m,is_day' +
      '&daily=temperature_2m_max,temperature_2m_min,precipitation_probability_max' +
      '&timezone=Europe%2FBrussels&forecast_days=1';
    return `${this.deps.apiUrl}${this.deps.apiUrl.includes('?') ? '&' : '?'}${query}`;
  }

  private async fetchConditions(coordinates: Coordinates): Promise<Fetched> {
    try {
      const response = await fetch(this.urlFor(coordinates), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.deps.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        this.deps.log.warn({ status: response.status }, 'weather service answered with an error');
        return { conditions: null, updatedAt: null };
      }
      const text = await readLimited(response, maxAnswerBytes);
      const conditions = readOpenMeteo(JSON.parse(text));
      if (!conditions) this.deps.log.warn('weather answer unreadable');
      return { conditions, updatedAt: conditions ? new Date(this.now()).toISOString() : null };
    } catch (error) {
      this.deps.log.warn({ err: error }, 'weather service unreachable or unreadable');
      return { conditions: null, updatedAt: null };
    }
  }
}
