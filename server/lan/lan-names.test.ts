import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanNames } from './lan-names.ts';

const off = { enabled: true, interface: null, port: null, hosts: [], addresses: [] };
const v4 = (address: string, internal = false) =>
  ({ address, family: 'IPv4', internal }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [v4('127.0.0.1', true)],
  wlan0: [v4('192.168.1.20'), { ...v4('fe80::1'), family: 'IPv6' } as NetworkInterfaceInfo],
  eth0: [v4('10.0.0.5')],
};

describe('server/lan/lan-names', () => {
  it('uses every non-internal IPv4 address and <hostname>.local', () => {
    expect(lanNames(off, interfaces, 'Portatil.casa')).toEqual({
      addresses: ['192.168.1.20', '10.0.0.5'],
      names: ['192.168.1.20', '10.0.0.5', 'portatil.local'],
    });
  });

  it('keeps to one interface when asked, and says so when it has no address', () => {
    expect(lanNames({ ...off, interface: 'wlan0' }, interfaces, 'p').addresses).toEqual([
      '192.168.1.20',
    ]);
    expect(() => lanNames({ ...off, interface: 'wg0' }, interfaces, 'p')).toThrow(/«wg0»/);
  });

  it('takes explicit names and addresses (tests, unusual networks) instead', () => {
    const lan = { ...off, hosts: ['soma.test'], addresses: ['127.0.0.1'] };
    expect(lanNames(lan, interfaces, 'p')).toEqual({
      addresses: ['127.0.0.1'],
      names: ['soma.test', '127.0.0.1'],
    });
  });
});
