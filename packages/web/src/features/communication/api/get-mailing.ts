import { useQuery } from '@tanstack/react-query';
import { communicationRoutes, type MailingDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys, pollMs } from './keys';

export function getMailing(id: number): Promise<MailingDetail> {
  return apiRequest(communicationRoutes.mailing, { params: { id } });
}

/** One mailing with every recipient's state; asked again while e-mails wait. */
export function useMailing(id: number) {
  return useQuery({
    queryKey: communicationKeys.mailing(id),
    queryFn: () => getMailing(id),
    refetchInterval: (query) => ((query.state.data?.waiting ?? 0) > 0 ? pollMs : false),
  });
}
