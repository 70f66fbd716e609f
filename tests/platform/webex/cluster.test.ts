/** Cluster lookup for REST ids via the U2C hostCatalog (docs/platform.md, Ids and clusters). */
import { describe, expect, it } from 'vitest';
import { clusterForUrl } from '../../../src/platform/webex/cluster.js';

describe('clusterForUrl', () => {
  const catalog = {
    'conv-a.wbx2.com': [{ host: 'conv-a.wbx2.com', id: 'urn:TEAM:us-east-2_a:conversation', priority: 5 }],
    'conv-k.wbx2.com': [{ host: 'conv-k.wbx2.com', id: 'urn:TEAM:eu-central-1_k:conversation', priority: 5 }],
    '127.0.0.1:4100': [{ host: '127.0.0.1:4100', id: 'urn:TEAM:us-west-2_r:conversation', priority: 5 }],
  };
  it.each([
    ['https://conv-a.wbx2.com/conversation/api/v1/conversations/x', 'us'],
    ['https://conv-k.wbx2.com/conversation/api/v1/conversations/x', 'urn:TEAM:eu-central-1_k'],
    ['http://127.0.0.1:4100/conversation/api/v1/conversations/x', 'urn:TEAM:us-west-2_r'],
    ['https://unknown.example/x', 'us'],
    ['not a url', 'us'],
    [undefined, 'us'],
  ])('%j → %s', (url, cluster) => {
    expect(clusterForUrl(catalog, url)).toBe(cluster);
  });
});
