import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createJobWorker, shutdownGraceMs } from './jobs/setup.js';
import { loggerOptions } from './lib/log-redaction.js';
import { ServerLifecycle } from './lib/shutdown.js';
import { Mailer } from './mail/mailer.js';
import { AccessTokens, resolveJwtSecret } from './modules/auth/access-tokens.js';
import { PushSender } from './modules/notification/push-sender.js';
import { authHandlers } from './modules/auth/routes.js';
import { healthHandlers } from './modules/health/routes.js';
import { registerWebManifest } from './modules/info/manifest.js';
import { infoHandlers } from './modules/info/routes.js';
import { userHandlers } from './modules/user/routes.js';
import { usersHandlers } from './modules/users/routes.js';
import { taskHandlers } from './modules/task/routes.js';
import { creditHandlers } from './modules/credit/routes.js';
import { eventHandlers } from './modules/event/routes.js';
import { postHandlers } from './modules/post/routes.js';
import { mediaHandlers } from './modules/media/routes.js';
import { commentHandlers } from './modules/comment/routes.js';
import { notificationHandlers } from './modules/notification/routes.js';
import { feedbackHandlers } from './modules/feedback/routes.js';
import { weatherHandlers } from './modules/weather/routes.js';
import { marketHandlers } from './modules/market/routes.js';
import { walletHandlers } from './modules/wallet/routes.js';
import { requestHandlers } from './modules/request/routes.js';
import { harvestHandlers } from './modules/harvest/routes.js';
import { bankHandlers } from './modules/bank/routes.js';
import { subscriptionHandlers } from './modules/subscription/routes.js';
import { reenrolmentHandlers } from './modules/reenrolment/routes.js';
import { adminHandlers } from './modules/admin/routes.js';
import { translationHandlers } from './modules/translation/routes.js';
import { settingsHandlers } from './modules/settings/routes.js';
import { communicationHandlers } from './modules/communication/routes.js';
import { analystHandlers } from './modules/analyst/routes.js';
import { managementHandlers } from './modules/management/routes.js';
import { AppResolver, registerAppResolver } from './plugins/app-resolver.js';
import { registerCompression } from './plugins/compression.js';
import { registerAuth } from './plugins/auth.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { registerContractRoutes } from './plugins/contract-routes.js';
import { registerDocs } from './plugins/docs.js';
import { registerEarlyAnswer } from './plugins/early-answer.js';
import { errorBody, registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { Metrics, registerMetrics } from './plugins/metrics.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerSecurity } from './plugins/security.js';
import { SharedCaches } from './plugins/shared-caches.js';
import { registerStaticWeb } from './plugins/static-web.js';
import './types.js';

// Validation messages in Dutch wherever the contract's schemas do not carry their own text; a missing
// field says so plainly instead of "expected string, received undefined".
z.config(z.locales.nl());
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'Dit veld is verplicht.' : undefined,
});

/** Bodies larger than this are refused with 413 (avatars go through multipart with their own limit). */
const jsonBodyLimit = 1024 * 1024;

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (stdout when unset); tests read it to check what is redacted. */
  logStream?: { write(line: string): void };
}

export const notAnObjectMessage =
  'Stuur de gegevens als één JSON-object ({ … }), niet als null, lijst, tekst of getal.';

/**
 * A JSON body that is the literal `null`. Fastify hands a request without a body to the validator as
 * `null` too, so the JSON parser marks a sent `null` with this object to tell the two apart.
 */
const sentNull = Object.freeze({});

/**
 * Validates with the contract's zod schemas; a missing body counts as `{}` so the answer lists the
 * missing fields instead of "expected object". A body that is there but is `null`, an array, a string,
 * a number or a boolean where the route expects an object is refused with 400 (ADR 052), never read
 * as `{}`.
 */
const bodyTolerantValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  const expectsObject = route.schema instanceof z.ZodObject;
  return (data) => {
    if (data === undefined || data === null) return validate({});
    const notAnObject = data === sentNull || typeof data !== 'object' || Array.isArray(data);
    if (notAnObject && (expectsObject || data === sentNull)) {
      return {
        error: [
          { keyword: 'type', instancePath: '', schemaPath: '#', params: {}, message: notAnObjectMessage },
        ],
      };
    }
    return validate(data);
  };
};

/** Builds the whole server (plugins, then every contract route) on an opened, migrated database. */
export async function buildApp({ config, database, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets and e-mail addresses never reach the log: one redaction list (lib/log-redaction.ts).
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    // Case-insensitive paths (the spec's client mixes `User/…` and `user/…`). Parameters as long as
    // the request line may be (Node's header limit, 16 KiB), so the route's schema answers a too-long
    // e-mail address or id with a 400 naming it, not a 404 ROUTE_NOT_FOUND (ADR 052).
    routerOptions: { caseSensitive: false, maxParamLength: 16 * 1024 },
    // Requests Node's HTTP parser refuses (431, broken HTTP): the same shape, with Connection: close.
    clientErrorHandler,
    // Router-level failures (undecodable URL) get the same error shape as everything else.
    frameworkErrors: (_error, _request, reply) => {
      (reply as unknown as FastifyReply).code(400).send(errorBody('VALIDATION_ERROR'));
    },
    // A hop count becomes the equivalent function: Fastify's types take no number.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: jsonBodyLimit,
    genReqId: () => randomUUID(),
  });
  // The API speaks JSON (and multipart for uploads); plain text bodies are refused with 415.
  app.removeContentTypeParser('text/plain');
  // An empty body sent as JSON (a bare `fetch` POST) counts as no body, so it validates like `{}`;
  // everything else goes through Fastify's own parser (prototype-poisoning checks included).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body.toString(), (error, value) =>
      error ? done(error, undefined) : done(null, value === null ? sentNull : value),
    );
  });
  app.setValidatorCompiler(bodyTolerantValidator);
  app.setSerializerCompiler(responseSerializerCompiler);

  const jwtSecret = await resolveJwtSecret(database.db, config);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('accessTokens', new AccessTokens(jwtSecret, config.accessTokenTtlSeconds));
  const metrics = new Metrics();
  metrics.watchDatabase(database);
  app.decorate('mailer', new Mailer(database.db, config, app.log, () => metrics.emailsFailed.inc()));
  app.decorate('push', new PushSender(app));
  app.decorate('jobs', createJobWorker(app));
  // Draining on SIGTERM and the connections it waits for (decision 103).
  app.decorate('lifecycle', new ServerLifecycle(app.server));
  app.decorate('apiRoutes', [] as string[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!/^\/api\//i.test(route.url) || /^\/api\/(docs|metrics)(\/|$)/i.test(route.url)) return;
    for (const method of methods)
      if (method !== 'HEAD') app.apiRoutes.push(`${method} ${route.url.toLowerCase()}`);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Stop claiming jobs, let running ones finish (bounded) or give them back, then close the SMTP transports.
  app.addHook('onClose', async () => {
    await app.jobs.stop(shutdownGraceMs);
    app.mailer.close();
  });

  registerErrorHandling(app);
  // Before any other onSend hook: an early answer waits for the body still on its way (ADR 095).
  registerEarlyAnswer(app);
  // Operator's metrics, loopback or METRICS_TOKEN only (ADR 095).
  registerMetrics(app, metrics, config.metricsToken);
  await registerSecurity(app);
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await registerDocs(app);
  const appResolver = new AppResolver(database.db);
  registerAppResolver(app, appResolver);
  registerAuth(app);
  // What this process keeps is forgotten on every process after a change (ADR 099).
  const caches = new SharedCaches(app, database);
  app.decorate('caches', caches);
  await caches.start();
  app.addHook('onClose', () => caches.stop());
  registerInputGuard(app);
  await registerRateLimits(app, database);

  registerContractRoutes(app, {
    health: healthHandlers(app, database),
    info: infoHandlers(app),
    auth: authHandlers(app),
    user: userHandlers(app),
    users: usersHandlers(app),
    task: taskHandlers(app),
    credit: creditHandlers(app),
    event: eventHandlers(app),
    post: postHandlers(app),
    media: mediaHandlers(app),
    comment: commentHandlers(app),
    notification: notificationHandlers(app),
    feedback: feedbackHandlers(app),
    weather: weatherHandlers(app),
    market: marketHandlers(app),
    wallet: walletHandlers(app),
    request: requestHandlers(app),
    harvest: harvestHandlers(app),
    subscription: subscriptionHandlers(app),
    bank: bankHandlers(app),
    reenrolment: reenrolmentHandlers(app),
    admin: adminHandlers(app),
    translation: translationHandlers(app),
    settings: settingsHandlers(app),
    communication: communicationHandlers(app),
    analyst: analystHandlers(app),
    management: managementHandlers(app),
  });
  registerWebManifest(app, appResolver);
  await registerStaticWeb(app, config.webDistDir);
  return app;
}
