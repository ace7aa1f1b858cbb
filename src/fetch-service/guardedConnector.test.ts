import { Socket } from 'node:net';
import type { buildConnector } from 'undici';
import { describe, expect, test } from 'vitest';
import { createStubResolver } from './stubResolver.ts';
import type { Connector } from './dial.ts';
import { DestinationPolicy } from './DestinationPolicy.ts';
import { createGuardedConnector } from './guardedConnector.ts';

const resolver = createStubResolver({
  'public.test': ['93.184.216.34', '93.184.216.35'],
  'private.test': '10.9.8.7',
});
const policy = new DestinationPolicy([], resolver.resolve);

/** A dial that records what it was asked to open and fails with the given codes in turn (then succeeds). */
function recordingDial(failures: string[] = []) {
  const seen: buildConnector.Options[] = [];
  const dial: Connector = (options, callback) => {
    seen.push(options);
    const code = failures.shift();
    if (code) callback(Object.assign(new Error(code), { code }), null);
    else callback(null, new Socket());
  };
  return { dial, seen };
}

function connect(connector: Connector, hostname: string, protocol = 'https:'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    connector({ hostname, host: hostname, protocol, port: '' }, (err, socket) => (err ? reject(err) : resolve(socket)));
  });
}

describe('createGuardedConnector', () => {
  test('dials the checked address, keeping the name for TLS', async () => {
    const { dial, seen } = recordingDial();
    await connect(createGuardedConnector(policy, false, dial), 'public.test');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ hostname: '93.184.216.34', servername: 'public.test', port: '' });
  });

  test('an IP literal is dialled as is, without a lookup or a server name', async () => {
    const { dial, seen } = recordingDial();
    const before = resolver.queries.length;
    await connect(createGuardedConnector(policy, false, dial), '93.184.216.34');
    expect(seen[0]?.hostname).toBe('93.184.216.34');
    expect(seen[0]?.servername).toBeUndefined();
    expect(resolver.queries.length).toBe(before);
  });

  test('a forbidden destination fails without dialling', async () => {
    const { dial, seen } = recordingDial();
    const guarded = createGuardedConnector(policy, false, dial);
    await expect(connect(guarded, 'private.test')).rejects.toMatchObject({ code: 'destination_refused' });
    await expect(connect(guarded, '127.0.0.1', 'http:')).rejects.toMatchObject({ code: 'destination_refused' });
    await expect(connect(createGuardedConnector(policy, true, dial), 'private.test')).rejects.toMatchObject({ code: 'insecure_refused' });
    expect(seen).toHaveLength(0);
  });

  test('a refused connection moves on to the next address; other failures do not', async () => {
    const moving = recordingDial(['ECONNREFUSED']);
    await connect(createGuardedConnector(policy, false, moving.dial), 'public.test');
    expect(moving.seen.map((o) => o.hostname)).toEqual(['93.184.216.34', '93.184.216.35']);
    const stopping = recordingDial(['EPROTO']);
    await expect(connect(createGuardedConnector(policy, false, stopping.dial), 'public.test')).rejects.toMatchObject({ code: 'EPROTO' });
    expect(stopping.seen).toHaveLength(1);
  });
});
