import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRoutes, type ContactData } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getContactData(userId: number): Promise<ContactData> {
  return apiRequest(userRoutes.contactData, { params: { id: userId } });
}

export const contactDataQueryKey = (userId: number) => ['user', 'contactData', userId] as const;

export const contactDataQueryOptions = (userId: number) =>
  queryOptions({ queryKey: contactDataQueryKey(userId), queryFn: () => getContactData(userId) });

export function useContactData(userId: number | undefined) {
  return useQuery({ ...contactDataQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
