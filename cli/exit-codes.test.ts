import { describe, expect, it } from 'vitest';
import { errorCodes } from '../common/api-schemas.ts';
import { CliError, EXIT, UNKNOWN_STATUS } from './exit-codes.ts';

/** The codes of POST /api/chat's `error` event (docs/API.md), beside the API's error codes. */
const STREAM_CODES = [
  'no_provider',
  'all_failed',
  'upstream_rejected',
  'stream_cut',
  'bad_response',
  'timeout',
];

describe('exit codes', () => {
  it('gives every error code of the API and of the chat stream its own message', () => {
    for (const code of [...errorCodes, ...STREAM_CODES]) {
      expect(EXIT[code], code).toBeDefined();
      expect(EXIT[code]?.hint.length).toBeGreaterThan(5);
    }
  });

  it('gives each code a distinct status, none of them 0 or the unknown one', () => {
    const statuses = Object.values(EXIT).map((e) => e.status);
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(statuses).not.toContain(0);
    expect(statuses).not.toContain(UNKNOWN_STATUS);
  });

  it('describes an error with its message and what to do, in Spanish', () => {
    const e = new CliError('not_running', 'SOMA no contesta en http://127.0.0.1:4317.');
    expect(e.status).toBe(4);
    expect(e.describe()).toBe(
      'soma: SOMA no contesta en http://127.0.0.1:4317.\n  Arranca SOMA con «npm start» en su carpeta y vuelve a probar.',
    );
    expect(new CliError('nuevo_codigo', 'algo').status).toBe(UNKNOWN_STATUS);
  });
});
