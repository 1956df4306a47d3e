import { describe, expect, test } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { BlockedAddressError, PRIVATE_NETWORK_MESSAGE, UNRESOLVABLE_HOST_MESSAGE, assertPublicUrl, guardedLookup, isBlockedAddress } from './ssrf.js';

describe('isBlockedAddress: IPv4', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.168.255.255',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
  ])('%s is blocked', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  test.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '192.169.0.1', '100.63.255.255', '100.128.0.1', '169.253.0.1', '11.0.0.1', '126.255.255.255', '128.0.0.1', '223.255.255.255', '200.1.2.3'])(
    '%s is public',
    (ip) => expect(isBlockedAddress(ip)).toBe(false),
  );
});

describe('isBlockedAddress: IPv6', () => {
  test.each([
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fec0::1',
    'ff02::1',
    '100::1',
    // IPv4-mapped and -compatible forms of internal IPv4 addresses.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:192.168.1.1',
    '::ffff:0.0.0.0',
    '::127.0.0.1',
    '::10.1.2.3',
    // NAT64 and 6to4 wrappers around internal IPv4.
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
  ])('%s is blocked', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  test.each(['2001:4860:4860::8888', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808', '2002:808:808::1', 'fe00::1', 'fbff::1', '2800:3f0:4002:803::200e'])(
    '%s is public',
    (ip) => expect(isBlockedAddress(ip)).toBe(false),
  );
});

describe('isBlockedAddress: not an address', () => {
  test.each(['localhost', 'example.com', '', '1.2.3', '256.1.1.1', '1.2.3.4.5', ':::1', '1::2::3', 'gggg::1'])('%j fails closed', (v) =>
    expect(isBlockedAddress(v)).toBe(true),
  );
});

describe('assertPublicUrl', () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) => {
    if (!(host in answers)) throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    return answers[host];
  };

  test('IP literals are judged without DNS, in every spelling the URL parser accepts', async () => {
    const noDns = async () => {
      throw new Error('DNS must not be used');
    };
    for (const url of ['http://127.0.0.1/', 'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://[::1]:8080/x', 'http://[::ffff:127.0.0.1]/', 'https://169.254.169.254/latest/meta-data', 'http://0.0.0.0:5000/']) {
      await expect(assertPublicUrl(url, noDns), url).rejects.toThrow(PRIVATE_NETWORK_MESSAGE);
    }
    await expect(assertPublicUrl('https://8.8.8.8/hook', noDns)).resolves.toBeUndefined();
  });

  test('a host is refused when any of its addresses is internal', async () => {
    const dns = resolver({ 'hooks.example.cl': ['200.1.2.3'], 'mixed.example.cl': ['200.1.2.3', '10.0.0.5'], 'v6.example.cl': ['2001:db8::1', 'fd00::1'], localhost: ['127.0.0.1', '::1'] });
    await expect(assertPublicUrl('https://hooks.example.cl/rendix', dns)).resolves.toBeUndefined();
    await expect(assertPublicUrl('https://mixed.example.cl/', dns)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(assertPublicUrl('https://v6.example.cl/', dns)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(assertPublicUrl('http://localhost:3000/', dns)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  test('a host that does not resolve is refused with its own message', async () => {
    await expect(assertPublicUrl('https://no-existe.example.cl/', resolver({}))).rejects.toThrow(UNRESOLVABLE_HOST_MESSAGE);
    await expect(assertPublicUrl('https://vacio.example.cl/', resolver({ 'vacio.example.cl': [] }))).rejects.toThrow(UNRESOLVABLE_HOST_MESSAGE);
  });
});

describe('guardedLookup (the socket-time check against DNS rebinding)', () => {
  const run = (all: boolean) =>
    new Promise<{ err: Error | null; address: string | LookupAddress[] }>((resolve) =>
      guardedLookup('localhost', { all }, (err, address) => resolve({ err, address })),
    );

  test('refuses a name that resolves to loopback, in both callback shapes http uses', async () => {
    for (const all of [false, true]) {
      const { err } = await run(all);
      expect(err).toBeInstanceOf(BlockedAddressError);
      expect(err?.message).toBe(PRIVATE_NETWORK_MESSAGE);
    }
  });
});
