import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type WeatherForecast } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getWeather(): Promise<WeatherForecast> {
  return apiRequest(api.weather.forecast);
}

export const weatherQueryOptions = () =>
  queryOptions({ queryKey: ['weather'], queryFn: getWeather, staleTime: 10 * 60 * 1000 });

/** Today's weather at the farm (the server caches it 30 minutes per farm). */
export function useWeather() {
  return useQuery(weatherQueryOptions());
}
