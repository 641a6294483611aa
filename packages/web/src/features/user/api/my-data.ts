import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  userRoutes,
  type DeleteMyAccountBody,
  type MyDataExport,
  type MyDataRequested,
  type MyDataState,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export const myDataQueryKey = ['account', 'my-data'] as const;

/** How often the card asks again while the ZIP is being prepared (decision 101). */
export const myDataPollMs = 3_000;

/** My latest copy of my data; asked again every few seconds while it is being prepared. */
export function useMyData() {
  return useQuery({
    queryKey: myDataQueryKey,
    queryFn: ({ signal }): Promise<MyDataState> => apiRequest(userRoutes.myData, { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? myDataPollMs : false),
  });
}

export function useRequestMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MyDataRequested> => apiRequest(userRoutes.requestMyData),
    onSuccess: (answer) => queryClient.setQueryData<MyDataState>(myDataQueryKey, { export: answer.export }),
  });
}

export const myDataFileName = (item: MyDataExport) =>
  `mijn-gegevens-${(item.readyAt ?? item.requestedAt).slice(0, 10)}.zip`;

/** The ZIP comes through the API client (only I, signed in, may fetch it), then to the browser. */
export function useDownloadMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: MyDataExport) =>
      saveBlob(
        await apiRequest(userRoutes.downloadMyData, { params: { id: item.id } }),
        myDataFileName(item),
      ),
    // A 410 means its 24 hours are over: show that.
    onError: () => void queryClient.invalidateQueries({ queryKey: myDataQueryKey }),
  });
}

export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: (body: DeleteMyAccountBody): Promise<null> =>
      apiRequest(userRoutes.deleteMyAccount, { body }),
  });
}
