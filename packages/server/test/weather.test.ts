import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { weatherForecastSchema, type WeatherForecast } from '@pluk/contract';
import { putSetting } from '../src/lib/app-settings.js';
import { readOpenMeteo } from '../src/modules/weather/service.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';
import { openMeteoAnswer, startWeatherStandIn, type WeatherStandIn } from './helpers/weather-stand-in.js';

let ctx: TestContext;
let weather: WeatherStandIn;
let lien: CreatedUser;
const farmUsers = new Map<string, CreatedUser>();

beforeAll(async () => {
  weather = await startWeatherStandIn();
  ctx = await createTestContext({ config: { weatherApiUrl: weather.url, weatherTimeoutMs: 300 } });
  lien = await ctx.createUser({ username: 'lien' });
});
afterAll(async () => {
  await ctx.close();
  await weather.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A farm of its own with coordinates (latitude picks the stand-in's behaviour) and a member. */
async function farm(appId: string, latitude: string | null, locationName?: string) {
  await ctx.createApp({ appId, hosts: [`${appId}.test`] });
  if (latitude !== null) {
    await putSetting(ctx.db, appId, 'weather.latitude', latitude);
    await putSetting(ctx.db, appId, 'weather.longitude', '3.72');
  }
  if (locationName) await putSetting(ctx.db, appId, 'weather.locationName', locationName);
  farmUsers.set(appId, await ctx.createUser({ appId, username: `lid-${appId}` }));
}

async function forecast(appId: string): Promise<WeatherForecast> {
  const response = await ctx.request({
    method: 'GET',
    url: '/api/weatherforecast',
    as: farmUsers.get(appId),
    headers: { host: `${appId}.test` },
  });
  expect(response.statusCode).toBe(200);
  return weatherForecastSchema.parse(json(response));
}

describe('GET weatherforecast', () => {
  it('gives today’s conditions at the farm, in Dutch, from the Open-Meteo request of the issue', async () => {
    await farm('gent', '51.05', 'Gent');
    const answer = await forecast('gent');
    expect(answer.conditions).toEqual({
      temperature: 14.3,
      temperatureMin: 8.1,
      temperatureMax: 17.8,
      precipitationProbability: 35,
      weatherCode: 2,
      description: 'Licht bewolkt',
      windSpeed: 12,
      isDay: true,
    });
    expect(answer.location).toBe('Gent');
    expect(answer.updatedAt).not.toBeNull();
    const [query] = weather.requestsFor('51.05');
    expect(Object.fromEntries(query!)).toEqual({
      latitude: '51.05',
      longitude: '3.72',
      current: 'temperature_2m,weather_code,wind_speed_10m,is_day',
      daily: 'temperature_2m_max,temperature_2m_min,precipitation_probability_max',
      timezone: 'Europe/Brussels',
      forecast_days: '1',
    });
  });

  it('asks Open-Meteo once for two homes within 30 minutes, again after', async () => {
    await farm('cache', '50.5');
    await forecast('cache');
    await forecast('cache');
    expect(weather.requestsFor('50.5')).toHaveLength(1);
    // Two homes opened at the same moment share one request.
    await farm('samen', '50.6');
    await Promise.all([forecast('samen'), forecast('samen'), forecast('samen')]);
    expect(weather.requestsFor('50.6')).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 60 * 1000);
    await forecast('cache');
    expect(weather.requestsFor('50.5')).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    await forecast('cache');
    expect(weather.requestsFor('50.5')).toHaveLength(2);
  });

  it('keeps each farm’s weather apart', async () => {
    weather.answer('50.1', { kind: 'good', temperature: 20, code: 61 });
    weather.answer('50.2', { kind: 'good', temperature: 5, code: 0 });
    await farm('noord', '50.1');
    await farm('zuid', '50.2');
    const north = await forecast('noord');
    const south = await forecast('zuid');
    expect(north.conditions).toMatchObject({ temperature: 20, description: 'Lichte regen' });
    expect(south.conditions).toMatchObject({ temperature: 5, description: 'Onbewolkt' });
    expect((await forecast('noord')).conditions?.temperature).toBe(20);
    expect(weather.requestsFor('50.1')).toHaveLength(1);
    expect(weather.requestsFor('50.2')).toHaveLength(1);
  });

  it('asks again when the farm’s coordinates change', async () => {
    await farm('verhuisd', '50.7');
    await forecast('verhuisd');
    await putSetting(ctx.db, 'verhuisd', 'weather.latitude', '50.8');
    await forecast('verhuisd');
    expect(weather.requestsFor('50.8')).toHaveLength(1);
  });

  it('clears the conditions on an unreadable answer, and tries again after a minute', async () => {
    weather.answer('49.1', { kind: 'garbage' });
    await farm('rommel', '49.1', 'Rommelgem');
    const answer = await forecast('rommel');
    expect(answer).toEqual({ conditions: null, location: 'Rommelgem', updatedAt: null });
    await forecast('rommel');
    expect(weather.requestsFor('49.1')).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 1000);
    weather.answer('49.1', { kind: 'good' });
    expect((await forecast('rommel')).conditions).not.toBeNull();
    expect(weather.requestsFor('49.1')).toHaveLength(2);
  });

  it('clears the conditions when Open-Meteo fails or answers too late', async () => {
    weather.answer('49.2', { kind: 'error' });
    await farm('fout', '49.2');
    expect((await forecast('fout')).conditions).toBeNull();
    weather.answer('49.3', { kind: 'slow', delayMs: 2_000 });
    await farm('traag', '49.3');
    const started = Date.now();
    expect((await forecast('traag')).conditions).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('has no conditions without coordinates, and asks nobody', async () => {
    await farm('leeg', null, 'Ergens');
    const before = weather.requests.length;
    expect(await forecast('leeg')).toEqual({ conditions: null, location: 'Ergens', updatedAt: null });
    await putSetting(ctx.db, 'leeg', 'weather.latitude', 'noord');
    await putSetting(ctx.db, 'leeg', 'weather.longitude', '3.7');
    expect((await forecast('leeg')).conditions).toBeNull();
    expect(weather.requests.length).toBe(before);
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/weatherforecast' })).statusCode).toBe(401);
    const response = await ctx.request({ method: 'GET', url: '/api/weatherforecast', as: lien });
    expect(json(response)).toEqual({ conditions: null, location: null, updatedAt: null });
  });
});

describe('readOpenMeteo', () => {
  it('reads a good answer and refuses shapes that are not one', () => {
    expect(readOpenMeteo(openMeteoAnswer(3, 95))).toMatchObject({ description: 'Onweer', temperature: 3 });
    expect(readOpenMeteo({})).toBeNull();
    expect(readOpenMeteo(null)).toBeNull();
    expect(readOpenMeteo({ ...openMeteoAnswer(), current: { temperature_2m: 'warm' } })).toBeNull();
    const noRain = openMeteoAnswer();
    noRain.daily.precipitation_probability_max = [null as unknown as number];
    expect(readOpenMeteo(noRain)?.precipitationProbability).toBeNull();
    expect(
      readOpenMeteo({ ...openMeteoAnswer(), current: { ...openMeteoAnswer().current, weather_code: 4 } })
        ?.description,
    ).toBe('Onbekend weer');
  });
});
