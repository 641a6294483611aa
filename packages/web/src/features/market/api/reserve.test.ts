import { idempotencyKeySchema } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { isRetryable, newIdempotencyKey } from './reserve';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a fresh UUID the contract accepts, also where randomUUID is missing (plain http)', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(first);
    // Shadow the prototype's method, as a browser on plain http has none.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const fallback = newIdempotencyKey();
      expect(fallback).toMatch(uuid);
      expect(idempotencyKeySchema.safeParse(fallback).success).toBe(true);
      expect(newIdempotencyKey()).not.toBe(fallback);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});

describe('isRetryable', () => {
  it('keeps the key only when no usable answer came back', () => {
    expect(isRetryable(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 503, code: 'UNKNOWN_ERROR', message: '' }))).toBe(true);
    expect(isRetryable(new TypeError('boom'))).toBe(true);
    expect(isRetryable(new ApiError({ status: 409, code: 'OFFER_SOLD_OUT', message: 'x' }))).toBe(false);
    expect(isRetryable(new ApiError({ status: 422, code: 'INSUFFICIENT_FUNDS', message: 'x' }))).toBe(false);
  });
});
