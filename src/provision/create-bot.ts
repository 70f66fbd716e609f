/**
 * The one platform call behind `npm run provision`: POST {apiUrl}/bots with a person's token.
 * Never retried (a second POST could create a second bot). Errors say what failed, with the
 * platform's message and TrackingID, and never contain the personal token.
 */
import got from 'got';
import { scrub } from '../secrets.js';

export const DEFAULT_API_URL = 'https://webexapis.com/v1';

export interface ProvisionRequest {
  /** REST base with the /v1 segment (PLATFORM_API_URL). */
  apiUrl: string;
  /** A person's access token (PERSONAL_ACCESS_TOKEN). */
  personalToken: string;
  name: string;
  username: string;
  /** Image URL. */
  avatar: string;
  timeoutMs?: number;
}

export interface ProvisionedBot {
  id: string;
  name: string;
  created: string;
  email: string;
  token: string;
}

export type ProvisionErrorCode = 'PROVISION_REFUSED' | 'PROVISION_UNREACHABLE' | 'PROVISION_BAD_RESPONSE';

export class ProvisionError extends Error {
  readonly code: ProvisionErrorCode;
  readonly status?: number;
  readonly trackingId?: string;
  constructor(code: ProvisionErrorCode, message: string, details: { status?: number; trackingId?: string } = {}) {
    super(message);
    this.name = 'ProvisionError';
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.trackingId !== undefined) this.trackingId = details.trackingId;
  }
}

export async function provisionBot(request: ProvisionRequest): Promise<ProvisionedBot> {
  const url = `${request.apiUrl.replace(/\/+$/, '')}/bots`;
  const clean = (text: string) => scrub(text, [request.personalToken]);
  let response;
  try {
    response = await got.post(url, {
      json: { name: request.name, username: request.username, avatar: request.avatar },
      headers: { authorization: `Bearer ${request.personalToken}`, accept: 'application/json' },
      responseType: 'text',
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: request.timeoutMs ?? 30_000 },
    });
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new ProvisionError('PROVISION_UNREACHABLE', clean(`Could not reach ${url}: ${reason}`));
  }
  const body = parseJson(response.body);
  const trackingId = stringField(body, 'trackingId') ?? headerValue(response.headers.trackingid);
  if (response.statusCode < 200 || response.statusCode > 299) {
    const platformMessage = stringField(body, 'message') ?? firstDescription(body) ?? (response.statusMessage || 'no message');
    const parts = [`The platform refused to create the bot: HTTP ${response.statusCode}: ${platformMessage}`];
    if (trackingId) parts.push(`(trackingId ${trackingId})`);
    throw new ProvisionError('PROVISION_REFUSED', clean(parts.join(' ')), { status: response.statusCode, trackingId });
  }
  const bot = {
    id: stringField(body, 'id'),
    name: stringField(body, 'name') ?? request.name,
    created: stringField(body, 'created') ?? '',
    email: stringField(body, 'email'),
    token: stringField(body, 'token'),
  };
  if (!bot.id || !bot.email || !bot.token) {
    throw new ProvisionError('PROVISION_BAD_RESPONSE', 'The platform answered without the bot id, email or token.', {
      status: response.statusCode,
      trackingId,
    });
  }
  return bot as ProvisionedBot;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.length > 0 ? field : undefined;
}

function firstDescription(body: unknown): string | undefined {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? stringField(errors[0], 'description') : undefined;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
