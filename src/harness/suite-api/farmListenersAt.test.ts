import { expect, test } from 'vitest';
import { farmListenersAt } from './farmListenersAt.ts';

const onLoopback = { httpUrl: 'http://127.0.0.1:8081', httpsUrl: 'https://127.0.0.1:8443', expiredTlsUrl: 'https://127.0.0.1:8444', wrongHostTlsUrl: 'https://127.0.0.1:8445' };

test('a farm read where its info says it is: its listeners as named', () => {
  expect(farmListenersAt(onLoopback, 'http://127.0.0.1:8081')).toEqual(onLoopback);
});

test('a farm naming loopback (bound to every interface) read at another host: reached on that host, at its ports', () => {
  expect(farmListenersAt(onLoopback, 'http://farm.internal:8081')).toEqual({
    httpUrl: 'http://farm.internal:8081',
    httpsUrl: 'https://farm.internal:8443',
    expiredTlsUrl: 'https://farm.internal:8444',
    wrongHostTlsUrl: 'https://farm.internal:8445',
  });
});

test('a farm naming public URLs is reached at them, wherever the run reads it (a port forward, a name only the deployment resolves)', () => {
  const published = { httpUrl: 'http://origin.example.com', httpsUrl: 'https://tls.example.com', expiredTlsUrl: 'https://origin.example.com:9444', wrongHostTlsUrl: 'https://origin.example.com:9445' };
  expect(farmListenersAt(published, 'http://127.0.0.1:8081')).toEqual(published);
  expect(farmListenersAt(published, 'http://10.0.0.5:8081')).toEqual(published);
  const forHostOnly = { ...onLoopback, httpUrl: 'http://host.docker.internal:8081' };
  expect(farmListenersAt(forHostOnly, 'http://127.0.0.1:8081')).toEqual(forHostOnly);
});
