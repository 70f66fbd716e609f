/**
 * Service discovery (U2C, including the token-free /limited/catalog the JS SDK
 * asks for) and device registration (WDM): devices per token owner, a
 * per-person cap, and deleted devices whose socket URL answers 404.
 */
import { deviceJson } from './format.js';
import { HttpError, isRecord } from './http-util.js';
import type { RouteEnv } from './route-env.js';
import type { Route, RouteContext } from './server.js';
import type { DeviceRec } from './store.js';

export const EXCESSIVE_DEVICES = 'User has excessive device registrations';

function catalog(env: RouteEnv): Record<string, unknown> {
  const { links, store } = env;
  const region = store.cluster === 'us' ? 'urn:TEAM:us-east-2_a' : store.cluster;
  return {
    serviceLinks: {
      wdm: `${links.url}/wdm/api/v1`,
      hydra: links.rest,
      conversation: links.conversation,
      // Client metrics are accepted and dropped, so SDK clients that report them see no errors.
      metrics: `${links.url}/metrics/api/v1`,
    },
    hostCatalog: {
      [links.hostKey]: [{ host: links.hostKey, id: `${region}:conversation`, priority: 5, ttl: -1 }],
    },
    format: 'hostmap',
  };
}

function deviceFields(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isRecord(body)) throw new HttpError(400, 'The device body must be a JSON object.');
  return { ...body };
}

export function discoveryRoutes(env: RouteEnv): Route[] {
  const { store } = env;
  const ownDevice = (ctx: RouteContext): DeviceRec => {
    const device = store.devices.get(ctx.params[0]);
    if (!device || device.ownerUuid !== ctx.caller.uuid) throw new HttpError(404, 'Device not found.');
    return device;
  };
  const render = (ctx: RouteContext, d: DeviceRec) => deviceJson(d, ctx.caller, env.links);
  const removeDevice = (d: DeviceRec): void => {
    store.devices.remove(d.uuid);
    env.hub.closeSockets({ regUuid: d.regUuid }, 4000, 'device deleted');
  };

  return [
    { method: 'POST', pattern: /^\/metrics\/api\/v1\/clientmetrics(-prelogin)?\/?$/, auth: false, handler: () => ({ status: 204 }) },
    { method: 'GET', pattern: /^\/u2c\/api\/v1\/catalog\/?$/, handler: () => ({ status: 200, body: catalog(env) }) },
    {
      method: 'GET',
      pattern: /^\/u2c\/api\/v1\/limited\/catalog\/?$/,
      auth: false,
      handler: () => ({ status: 200, body: catalog(env) }),
    },
    {
      method: 'GET',
      pattern: /^\/wdm\/api\/v1\/devices\/?$/,
      handler: (ctx) => ({ status: 200, body: { devices: store.devices.of(ctx.caller.uuid).map((d) => render(ctx, d)) } }),
    },
    {
      method: 'POST',
      pattern: /^\/wdm\/api\/v1\/devices\/?$/,
      handler: (ctx) => {
        const fields = deviceFields(ctx.body);
        if (store.devices.of(ctx.caller.uuid).length >= env.deviceCap) throw new HttpError(403, EXCESSIVE_DEVICES);
        return { status: 200, body: render(ctx, store.devices.add(ctx.caller.uuid, fields)) };
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/wdm\/api\/v1\/devices\/?$/,
      handler: (ctx) => {
        for (const d of store.devices.of(ctx.caller.uuid)) removeDevice(d);
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      pattern: /^\/wdm\/api\/v1\/devices\/([^/]+)\/?$/,
      handler: (ctx) => ({ status: 200, body: render(ctx, ownDevice(ctx)) }),
    },
    {
      method: 'PUT',
      pattern: /^\/wdm\/api\/v1\/devices\/([^/]+)\/?$/,
      handler: (ctx) => {
        const device = ownDevice(ctx);
        device.fields = { ...device.fields, ...deviceFields(ctx.body) };
        device.modificationTime = new Date().toISOString();
        return { status: 200, body: render(ctx, device) };
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/wdm\/api\/v1\/devices\/([^/]+)\/?$/,
      handler: (ctx) => {
        removeDevice(ownDevice(ctx));
        return { status: 204 };
      },
    },
  ];
}
