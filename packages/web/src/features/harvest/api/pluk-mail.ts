import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  harvestRoutes,
  type GeneratePlukMailBody,
  type PlukMailPreview,
  type PlukMailRound,
  type PlukMailRoundDetail,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys } from './keys';

/** Every 2 s while e-mails of a round still wait to go out (as the post's e-mail round). */
const pollMs = 2000;

export function previewPlukMail(subscriptionIds: number[]): Promise<PlukMailPreview> {
  return apiRequest(harvestRoutes.plukMailPreview, { body: { subscriptionIds } });
}

export const usePreviewPlukMail = () => useMutation({ mutationFn: previewPlukMail });

export function generatePlukMail(body: GeneratePlukMailBody): Promise<PlukMailRound> {
  return apiRequest(harvestRoutes.plukMailGenerate, { body });
}

/** Starts a round; its answer is shown at once, then its detail query follows the progress. */
export function useGeneratePlukMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePlukMail,
    onSuccess: (round) => {
      queryClient.setQueryData<PlukMailRound[]>(harvestKeys.mailRounds, (rounds) => [
        round,
        ...(rounds ?? []).filter((other) => other.id !== round.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: harvestKeys.mailRounds });
    },
  });
}

export function getPlukMailRounds(): Promise<PlukMailRound[]> {
  return apiRequest(harvestRoutes.plukMailRounds);
}

/** The latest rounds, newest first; asked again while one of them still has e-mails waiting. */
export function usePlukMailRounds() {
  return useQuery({
    queryKey: harvestKeys.mailRounds,
    queryFn: getPlukMailRounds,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((round) => round.waiting > 0) ? pollMs : false,
  });
}

export function getPlukMailRound(id: number): Promise<PlukMailRoundDetail> {
  return apiRequest(harvestRoutes.plukMailRound, { params: { id } });
}

/** One round with every recipient's state; asked again while e-mails wait. */
export function usePlukMailRound(id: number | null) {
  return useQuery({
    queryKey: harvestKeys.mailRound(id ?? 0),
    queryFn: () => getPlukMailRound(id!),
    enabled: id !== null,
    refetchInterval: (query) => ((query.state.data?.waiting ?? 0) > 0 ? pollMs : false),
  });
}
