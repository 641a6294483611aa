import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { mollieApiPort, mollieApiUrl, mollieStandInPort, mollieStandInUrl } from './support/mollie.ts';

/**
 * Browser journeys in Debian's Chromium (Playwright's own browser download does not work here).
 * The server is the built one, as `npm start` runs it, on a fresh embedded database with the demo farm,
 * and a short access-token lifetime so that the journeys see a token expire and get refreshed.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://localhost:${port}`;
export const accessTokenTtlSeconds = 4;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3197);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3198);

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pluk-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers import this file again: keep one folder per run

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    // A step that waits for something that never comes fails with its line instead of idling until the
    // test's own timeout (a run of the accessibility walk once sat still for 20 minutes).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'nl-BE',
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      // Stand-ins: SMTP for Pluk and HTTP for the tests to read what arrived; Open-Meteo's forecast API.
      command: 'node support/stand-ins.ts',
      url: `http://127.0.0.1:${mailHttpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      // Mollie's Payments API (HTTPS) and checkout page (HTTP), knowing one test key (support/mollie.ts).
      command: 'node support/mollie-stand-in.ts',
      url: `${mollieStandInUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_MOLLIE_PORT: String(mollieStandInPort), E2E_MOLLIE_API_PORT: String(mollieApiPort) },
    },
    {
      command: 'node ../packages/server/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        ACCESS_TOKEN_TTL_SECONDS: String(accessTokenTtlSeconds),
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '1000',
        LOG_LEVEL: 'warn',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        SMTP_SECURE: 'false',
        SMTP_FROM: 'De Plukhoeve <hallo@deplukhoeve.be>',
        WEATHER_API_URL: `http://127.0.0.1:${mailHttpPort}/weather`,
        MOLLIE_API_URL: mollieApiUrl,
        // Mollie's official client trusts only its bundled CAs, not the stand-in's own certificate
        // (decision 078). Only this test server skips the check; the browser and the stand-ins do not.
        NODE_TLS_REJECT_UNAUTHORIZED: '0',
      },
    },
  ],
});
