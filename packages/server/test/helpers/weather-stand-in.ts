import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in answers for one latitude. */
export type WeatherBehaviour =
  | { kind: 'good'; temperature?: number; code?: number }
  | { kind: 'garbage' }
  | { kind: 'error' }
  | { kind: 'slow'; delayMs: number };

/** An Open-Meteo-shaped answer for today. */
export function openMeteoAnswer(temperature = 14.26, code = 2) {
  return {
    latitude: 51.05,
    longitude: 3.72,
    timezone: 'Europe/Brussels',
    current: {
      time: '2026-05-04T10:00',
      temperature_2m: temperature,
      weather_code: code,
      wind_speed_10m: 12.4,
      is_day: 1,
    },
    daily: {
      time: ['2026-05-04'],
      temperature_2m_max: [17.8],
      temperature_2m_min: [8.1],
      precipitation_probability_max: [35],
    },
  };
}

/**
 * A local stand-in for Open-Meteo's forecast API. Its behaviour is chosen per latitude, so every app of
 * a test can have its own weather; it records every request's query.
 */
export async function startWeatherStandIn() {
  const behaviours = new Map<string, WeatherBehaviour>();
  const requests: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
    requests.push(query);
    const behaviour = behaviours.get(query.get('latitude') ?? '') ?? { kind: 'good' };
    const send = (status: number, body: string) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(body);
    };
    if (behaviour.kind === 'good')
      send(200, JSON.stringify(openMeteoAnswer(behaviour.temperature, behaviour.code)));
    else if (behaviour.kind === 'garbage') send(200, '{"current": "zonnig", "daily": [}');
    else if (behaviour.kind === 'error') send(500, JSON.stringify({ error: true, reason: 'overloaded' }));
    else setTimeout(() => send(200, JSON.stringify(openMeteoAnswer())), behaviour.delayMs).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/forecast`,
    requests,
    /** Requests asking for this latitude. */
    requestsFor: (latitude: string) => requests.filter((q) => q.get('latitude') === latitude),
    answer: (latitude: string, behaviour: WeatherBehaviour) => behaviours.set(latitude, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WeatherStandIn = Awaited<ReturnType<typeof startWeatherStandIn>>;
