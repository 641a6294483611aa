import { useQuery } from '@tanstack/react-query';
import { communicationRoutes, type CommunicationOptions } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function getOptions(): Promise<CommunicationOptions> {
  return apiRequest(communicationRoutes.options);
}

/** The compose form's subscriptions and the farm's SMTP source (`GET …/communication/options`). */
export const useCommunicationOptions = () =>
  useQuery({ queryKey: communicationKeys.options, queryFn: getOptions });
