/** What `GET /api/lan` answers: where phones reach SOMA and how to trust it. */
export interface LanInfo {
  enabled: boolean;
  /** `https://<name>:<port>` for each LAN name, the preferred one first. */
  urls: string[];
  /** `AB:CD:…` of the local authority, to compare on the phone. */
  caFingerprintSha256: string | null;
  caDownload: '/api/lan/ca.crt';
}

/** LAN mode as the app sees it; null when it is off. Kept free of heavy imports. */
export interface LanState {
  info(): LanInfo;
  caCert(): string;
}
