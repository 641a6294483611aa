import { describe, expect, it } from 'vitest';
import { defaultErrorMessages } from '@pluk/contract';
import { apiErrorFromBody, payloadTooLargeMessage } from './errors';

describe('apiErrorFromBody', () => {
  it("shows Pluk's own 413 answer as the Dutch 'te groot' message", () => {
    const error = apiErrorFromBody(413, {
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'De gegevens zijn te groot.' },
    });
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toMatch(/te groot/);
  });

  it("reads a 413 without a code (a proxy's page) as 'te groot' too", () => {
    // The api client passes null when the body is not JSON (an HTML error page).
    for (const body of [null, undefined, '<html>413</html>']) {
      const error = apiErrorFromBody(413, body);
      expect(error.status).toBe(413);
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toBe('De gegevens zijn te groot.');
    }
  });

  it("says 'te groot' in the contract's own words", () => {
    expect(payloadTooLargeMessage).toBe(defaultErrorMessages.PAYLOAD_TOO_LARGE);
  });

  it('leaves the text of a coded answer without a message to the screen (its general Dutch message)', () => {
    const error = apiErrorFromBody(409, { error: { code: 'CONFLICT' } });
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('');
  });

  it('keeps other answers without a code unknown', () => {
    expect(apiErrorFromBody(502, undefined).code).toBe('UNKNOWN_ERROR');
  });
});
