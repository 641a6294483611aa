import { describe, expect, it } from 'vitest';
import { apiErrorFromBody } from './errors';

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

  it('keeps other answers without a code unknown', () => {
    expect(apiErrorFromBody(502, undefined).code).toBe('UNKNOWN_ERROR');
  });
});
