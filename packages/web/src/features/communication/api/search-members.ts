import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { communicationRoutes, type MailableMember } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { communicationKeys } from './keys';

export function searchMembers(search: string): Promise<MailableMember[]> {
  return apiRequest(communicationRoutes.members, { query: { search } });
}

/** Members matching a name, for the recipient picker (`GET …/communication/members`). */
export function useMemberSearch(search: string) {
  return useQuery({
    queryKey: communicationKeys.members(search),
    queryFn: () => searchMembers(search),
    placeholderData: keepPreviousData,
  });
}
