import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketRoutes, type OfferDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMarketQueries, marketKeys } from './keys';

/** The offer form's values as the multipart body of create (and update, with `id`). */
export interface OfferFormPayload {
  id?: number;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  unit: string;
  pickupInfo: string;
  /** ISO date-time, or null for "no end". */
  availableUntil: string | null;
  /** Existing photos to keep, in order (update only). */
  keepPhotoIds?: number[];
  photos: File[];
}

export function offerFormData(payload: OfferFormPayload): FormData {
  const data = new FormData();
  if (payload.id !== undefined) data.append('id', String(payload.id));
  data.append('title', payload.title);
  data.append('description', payload.description);
  data.append('priceCents', String(payload.priceCents));
  data.append('quantity', String(payload.quantity));
  data.append('unit', payload.unit);
  data.append('pickupInfo', payload.pickupInfo);
  // No field at all is "no end date" (an empty text would not be a date).
  if (payload.availableUntil) data.append('availableUntil', payload.availableUntil);
  if (payload.keepPhotoIds) {
    // One empty value says "keep none" (no value at all would keep everything), as the post form does.
    if (payload.keepPhotoIds.length === 0) data.append('keepPhotoIds', '');
    for (const id of payload.keepPhotoIds) data.append('keepPhotoIds', String(id));
  }
  for (const file of payload.photos) data.append('photos', file, file.name);
  return data;
}

/** Who saves: a member their own offer (`product/*`) or a ProductManager any offer of the farm. */
export type OfferFormMode = 'member' | 'manager';

export function saveOffer(payload: OfferFormPayload, mode: OfferFormMode = 'member'): Promise<OfferDetail> {
  const body = offerFormData(payload);
  const isNew = payload.id === undefined;
  if (mode === 'manager') {
    return isNew
      ? apiRequest(marketRoutes.managerCreate, { body })
      : apiRequest(marketRoutes.managerUpdate, { body });
  }
  return isNew ? apiRequest(marketRoutes.create, { body }) : apiRequest(marketRoutes.update, { body });
}

export function useSaveOffer(mode: OfferFormMode = 'member') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: OfferFormPayload) => saveOffer(payload, mode),
    onSuccess: (offer) => {
      const key = mode === 'manager' ? marketKeys.managerDetail(offer.id) : marketKeys.detail(offer.id);
      queryClient.setQueryData(key, offer);
      return invalidateMarketQueries(queryClient);
    },
  });
}
