import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalAddress } from './address-policy.ts';

describe('server/extract/address-policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:192.168.0.10',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('treats a name as not public: only resolved addresses are judged', () => {
    expect(isPublicAddress('localhost')).toBe(false);
  });

  it('reads literal IPs from URL hostnames, brackets and all', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(literalAddress('ejemplo.es')).toBeNull();
  });
});
