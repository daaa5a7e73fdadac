import { describe, expect, it } from 'vitest';
import { embeddedIpv4, forbiddenKindOf, refusedAddress, urlProblem } from './webhook-address.js';

describe('forbiddenKindOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    // Alibaba Cloud's metadata service.
    ['100.100.100.200', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    // AWS's v6 metadata service.
    ['fd00:ec2::254', 'private'],
    // AWS, GCP and Azure's metadata service.
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    ['not an address', 'reserved'],
  ])('refuses %s as %s', (address, kind) => {
    expect(forbiddenKindOf(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['::127.0.0.1', 'loopback'],
  ])('judges the v4 address inside %s (%s)', (address, kind) => {
    expect(forbiddenKindOf(address)).toBe(kind);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('lets the public address %s through', (address) => {
    expect(forbiddenKindOf(address)).toBeNull();
  });

  it('reads no v4 address out of a plain v6 one', () => {
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
  });
});

describe('urlProblem', () => {
  const url = (text: string) => new URL(text);

  it('refuses http, credentials and forbidden IP literals in production', () => {
    expect(urlProblem(url('http://example.com/hook'), 'production')).toMatch(/https/);
    expect(urlProblem(url('https://user:pw@example.com/hook'), 'production')).toMatch(/password/);
    expect(urlProblem(url('https://127.0.0.1/hook'), 'production')).toMatch(/loopback/);
    expect(urlProblem(url('https://[::1]:8443/hook'), 'production')).toMatch(/loopback/);
    expect(urlProblem(url('https://[::ffff:169.254.169.254]/'), 'production')).toMatch(
      /link-local/,
    );
    expect(urlProblem(url('ftp://example.com/'), 'production')).toMatch(/https/);
    expect(urlProblem(url('https://example.com/hook'), 'production')).toBeNull();
  });

  it('allows http to this machine only in development', () => {
    expect(urlProblem(url('http://localhost:3000/hook'), 'development')).toBeNull();
    expect(urlProblem(url('http://127.0.0.1:3000/hook'), 'development')).toBeNull();
    expect(urlProblem(url('http://[::1]:3000/hook'), 'development')).toBeNull();
    expect(urlProblem(url('http://hooks.localhost/'), 'development')).toBeNull();
    expect(urlProblem(url('http://example.com/hook'), 'development')).toMatch(/https/);
    expect(urlProblem(url('https://example.com/hook'), 'development')).toBeNull();
  });
});

describe('refusedAddress', () => {
  it('refuses a host when any address it resolves to is forbidden', () => {
    expect(refusedAddress(['93.184.216.34', '127.0.0.1'], 'production')).toMatch(
      /127\.0\.0\.1 is a loopback address/,
    );
    expect(refusedAddress([], 'production')).toMatch(/no address/);
    expect(refusedAddress(['93.184.216.34'], 'production')).toBeNull();
    expect(refusedAddress(['127.0.0.1'], 'development')).toBeNull();
  });
});
