/**
 * The HTTP API for pipelines (off unless API_PORT is set): Fastify with JSON-schema routes, the
 * OpenAPI document generated from them, bearer tokens checked before anything else, and one error
 * shape for everything that goes wrong. Handlers ask the same testbed actors as the chat does.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import type { Logger } from 'pino';
import type { ApiToken } from '../store/tokens.js';
import type { LiveTokens } from '../store/tokens-live.js';
import { BOT_VERSION } from '../version.js';
import { ApiError, validationMessage, type SchemaProblem } from './errors.js';
import { SHARED_SCHEMAS } from './schemas.js';
import { registerTestbedRoutes } from './testbeds.routes.js';
import { registerHoldRoutes, type HoldRouteDeps } from './holds.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token the request was made with (set by the auth hook; null only on public routes). */
    apiToken: ApiToken | null;
  }
  interface FastifyContextConfig {
    /** false: answered without a token (the OpenAPI document). */
    auth?: boolean;
  }
}

export interface ApiServerDeps extends HoldRouteDeps {
  tokens: LiveTokens;
  logger: Logger;
}

export interface ApiServer {
  /** Listens; resolves with the base URL (e.g. http://127.0.0.1:8081). */
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
  /** For tests that use `inject`. */
  fastify: FastifyInstance;
}

const BODY_LIMIT = 16 * 1024;

const WWW_AUTHENTICATE = 'Bearer realm="testbed-monitor"';

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return match ? match[1] : null;
}

function send(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.status === 401) reply.header('www-authenticate', WWW_AUTHENTICATE);
  return reply.code(error.status).send({ error: error.code, message: error.message, ...error.extra });
}

/** Any error on its way out, as an ApiError; unexpected ones are logged and told as `internal`. */
function asApiError(error: FastifyError, logger: Logger): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const problems = error.validation as SchemaProblem[];
    switch (error.validationContext) {
      case 'params':
        return problems.some((problem) => problem.instancePath === '/hold_id' || problem.params.missingProperty === 'hold_id')
          ? new ApiError(404, 'not_found', 'There is no hold with that id (hold ids are at most 64 characters).')
          : new ApiError(404, 'not_found', 'There is no testbed with that id (ids are whole numbers).');
      case 'querystring':
        return new ApiError(422, 'invalid_query', validationMessage(problems, 'the query'));
      default:
        return new ApiError(422, 'invalid_body', validationMessage(problems, 'the body'));
    }
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'body_too_large', `The body is larger than ${BODY_LIMIT} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(400, 'invalid_body', 'The request could not be read.');
  }
  logger.error({ err: error }, 'API request failed');
  return new ApiError(500, 'internal', 'Something went wrong on the bot\'s side. Please try again.');
}

/** What the router refuses before a route is found: a path part too long, or a broken %-escape. */
function routerRefusal(error: FastifyError): ApiError {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new ApiError(404, 'not_found', 'There is nothing at that address: a part of its path is longer than any id.')
    : new ApiError(400, 'invalid_path', 'The address is not valid: a % in it does not start a well-formed escape (such as %20 for a space).');
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The body's `__proto__` or `constructor.prototype` key, refused with the other fields' words. */
function poisonedKeyError(text: string): ApiError {
  const key = /"__proto__"\s*:/.test(text) ? '__proto__' : 'constructor';
  return new ApiError(422, 'invalid_body', `"${key}" is not a field this endpoint takes.`);
}

export async function createApiServer(deps: ApiServerDeps): Promise<ApiServer> {
  const { logger } = deps;
  const app = Fastify({
    logger: false,
    // The router's own refusals (before any route is found) in the API's error shape.
    frameworkErrors: (error, _request, reply) => send(reply, routerRefusal(error)),
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    // Validation reports every problem at once, and never changes what the client sent.
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: true } },
  });
  app.decorateRequest('apiToken', null);
  // JSON only: a text body is refused as an unsupported media type rather than read as a string.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is no body (a POST that needs none may still say Content-Type: application/json);
  // anything else goes to Fastify's own parser, with its guard against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') done(null, undefined);
    else
      parseJson(request, text, (error, parsed) =>
        // Valid JSON the guard refused names the key, as the schema would name any other unknown field.
        error && isJson(text) ? done(poisonedKeyError(text), undefined) : done(error, parsed),
      );
  });
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Testbed Monitor API',
        version: BOT_VERSION,
        description: 'Hold and release shared testbeds from pipelines, on the same board as the people in chat.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A token made with `npm run token -- create`.' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.auth === false || request.is404) return;
    const presented = bearerOf(request);
    const token = presented ? deps.tokens.verify(presented) : undefined;
    if (!token) {
      const words = presented ? 'That token is not valid (it may have been revoked).' : 'Send a token: Authorization: Bearer <token>.';
      return send(reply, new ApiError(401, 'unauthorized', words));
    }
    request.apiToken = token;
  });

  app.addHook('onResponse', async (request, reply) => {
    logger.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: reply.statusCode,
        tokenName: request.apiToken?.name,
        ms: Math.round(reply.elapsedTime),
      },
      'API request',
    );
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => send(reply, asApiError(error, logger)));
  app.setNotFoundHandler((request, reply) =>
    send(reply, new ApiError(404, 'not_found', `There is nothing at ${request.method} ${request.url.split('?')[0]}. See GET /api/v1/openapi.json.`)),
  );

  app.get('/api/v1/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
  registerTestbedRoutes(app, deps);
  registerHoldRoutes(app, deps);
  await app.ready();

  return {
    fastify: app,
    async listen({ host, port }) {
      await app.listen({ host, port });
      const address = app.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
    },
    close: () => app.close(),
  };
}
