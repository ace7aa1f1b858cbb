import { describe, expect, test } from 'vitest';
import { classifyAddress } from './classifyAddress.ts';

describe('classifyAddress', () => {
  test.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toEqual({ permitted: true });
  });

  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['::ffff:127.0.0.1', 'ipv4Mapped/loopback'],
    ['::ffff:169.254.169.254', 'ipv4Mapped/linkLocal'],
    ['::ffff:0:10.0.0.1', 'rfc6145/private'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052/linkLocal'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:a9fe:a9fe::', '6to4/linkLocal'],
    ['2002:7f00:1::1', '6to4/loopback'],
    ['::7f00:1', 'unallocated'],
    ['4000::1', 'unallocated'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['not an address', 'unparseable'],
  ])('%s is refused as %s', (address, range) => {
    expect(classifyAddress(address)).toEqual({ permitted: false, range });
  });
});

test('IPv4-compatible addresses (::a.b.c.d, deprecated) are refused however they are written', () => {
  for (const address of ['::127.0.0.1', '::7f00:1', '::8.8.8.8', '::808:808']) {
    expect(classifyAddress(address).permitted, address).toBe(false);
  }
});
