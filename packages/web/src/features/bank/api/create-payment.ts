import { useMutation } from '@tanstack/react-query';
import { bankRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Starts an online payment at Mollie and answers where to send the browser (`GET mollie/CreatePayment/{publicId}`). */
export function createPayment(publicId: string): Promise<{ checkoutUrl: string }> {
  return apiRequest(bankRoutes.createPayment, { params: { publicId } });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
