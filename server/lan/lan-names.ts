import os from 'node:os';
import type { Options } from '../config/options.ts';

/** Where LAN mode listens and which names its certificate carries. */
export interface LanNames {
  /** IPv4 addresses the HTTPS listener binds to. */
  addresses: string[];
  /** Every name and address in the certificate, in the order links prefer them. */
  names: string[];
}

/**
 * Picks the LAN addresses (non-internal IPv4, of one interface when asked) and the
 * names: explicit `--lan-host` values, else the addresses and `<hostname>.local`.
 * Explicit `--lan-address` values replace detection (tests, unusual networks).
 *
 * @throws Error (Spanish) when no address is found.
 */
export function lanNames(
  lan: Options['lan'],
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
  hostname: string = os.hostname(),
): LanNames {
  let addresses = lan.addresses;
  if (addresses.length === 0) {
    const picked = Object.entries(interfaces)
      .filter(([name]) => lan.interface === null || name === lan.interface)
      .flatMap(([, infos]) => infos ?? [])
      .filter((i) => i.family === 'IPv4' && !i.internal)
      .map((i) => i.address);
    addresses = [...new Set(picked)];
  }
  if (addresses.length === 0) {
    throw new Error(
      lan.interface
        ? `--lan-interface: la interfaz «${lan.interface}» no tiene dirección IPv4.`
        : '--lan: no se encuentra ninguna dirección de red local (¿hay Wi-Fi?).',
    );
  }
  const local = `${hostname.split('.')[0]!.toLowerCase()}.local`;
  const names = lan.hosts.length > 0 ? [...lan.hosts, ...addresses] : [...addresses, local];
  return { addresses, names: [...new Set(names)] };
}
