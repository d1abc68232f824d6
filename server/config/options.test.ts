import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Options, parseOptions } from './options.ts';

const HOME = '/home/ana';
const ROOT = '/opt/soma';
const context = { cwd: '/trabajo', home: HOME };

/** Parses and insists on options (not help). */
function parse(argv: string[], env: NodeJS.ProcessEnv = {}): Options {
  const result = parseOptions(argv, env, ROOT, context);
  if ('help' in result) throw new Error('unexpected help');
  return result;
}

describe('server/config/options', () => {
  it('uses the defaults when nothing is given', () => {
    expect(parse([])).toEqual({
      vault: join(HOME, 'vault', 'SOMA'),
      vaultSource: null,
      createVault: false,
      harness: join(ROOT, 'harness', 'soma.json'),
      port: 4317,
      host: '127.0.0.1',
      configDir: join(HOME, '.config', 'soma'),
      open: true,
      lan: { enabled: false, interface: null, port: null, hosts: [], addresses: [] },
    });
  });

  it('names who gave the vault path and whether a missing one may be created', () => {
    expect(parse(['--vault', '/v', '--create-vault'])).toMatchObject({
      vaultSource: '--vault',
      createVault: true,
    });
    expect(parse([], { SOMA_VAULT: '/v', SOMA_CREATE_VAULT: '1' })).toMatchObject({
      vaultSource: 'SOMA_VAULT',
      createVault: true,
    });
    expect(() => parse(['--create-vault=sí'])).toThrow(/--create-vault no admite un valor/);
  });

  it('reads the SOMA_* environment variables', () => {
    const env = {
      SOMA_VAULT: '/datos/boveda',
      SOMA_HARNESS: 'mi-arnes.json',
      SOMA_PORT: '5000',
      SOMA_HOST: 'localhost',
      SOMA_CONFIG_DIR: '/etc/soma',
    };
    expect(parse([], env)).toMatchObject({
      vault: '/datos/boveda',
      harness: '/trabajo/mi-arnes.json',
      port: 5000,
      host: 'localhost',
      configDir: '/etc/soma',
    });
  });

  it('lets flags win over environment variables, with or without "="', () => {
    const env = { SOMA_VAULT: '/env/vault', SOMA_PORT: '5000' };
    expect(parse(['--vault', '/flag/vault', '--port=6000'], env)).toMatchObject({
      vault: '/flag/vault',
      port: 6000,
    });
  });

  it('expands ~ in given paths and resolves relative ones against the working directory', () => {
    expect(parse(['--vault', '~/notas', '--harness', 'x/h.json'])).toMatchObject({
      vault: join(HOME, 'notas'),
      harness: '/trabajo/x/h.json',
    });
  });

  it('puts the config dir under XDG_CONFIG_HOME when it is set', () => {
    expect(parse([], { XDG_CONFIG_HOME: '/xdg' }).configDir).toBe('/xdg/soma');
  });

  it('does not open a browser with --no-open or under CI', () => {
    expect(parse(['--no-open']).open).toBe(false);
    expect(parse([], { CI: 'true' }).open).toBe(false);
    expect(parse(['--open'], { CI: '1' }).open).toBe(true);
  });

  it('refuses a non-loopback host, pointing at --lan', () => {
    expect(() => parse(['--host', '0.0.0.0'])).toThrow(/^--host: .*usa --lan/);
    expect(() => parse([], { SOMA_HOST: '192.168.1.5' })).toThrow(/^SOMA_HOST: /);
    expect(parse(['--host', '127.0.0.2']).host).toBe('127.0.0.2');
    expect(parse(['--host', '[::1]']).host).toBe('::1');
  });

  it('turns LAN mode on with --lan or SOMA_LAN=1 and reads its options', () => {
    expect(parse(['--lan']).lan.enabled).toBe(true);
    expect(parse([], { SOMA_LAN: '1' }).lan.enabled).toBe(true);
    expect(parse([], { SOMA_LAN: '0' }).lan.enabled).toBe(false);
    const argv = ['--lan', '--lan-interface', 'wlan0', '--lan-port=9443'];
    expect(
      parse([...argv, '--lan-host', 'soma.test, b.test', '--lan-address', '127.0.0.1']).lan,
    ).toEqual({
      enabled: true,
      interface: 'wlan0',
      port: 9443,
      hosts: ['soma.test', 'b.test'],
      addresses: ['127.0.0.1'],
    });
    expect(() => parse(['--lan-port', 'x'])).toThrow(/^--lan-port: /);
  });

  it('refuses a config dir inside the vault', () => {
    expect(() => parse(['--vault', '/v', '--config-dir', '/v/.soma'])).toThrow(
      /^--config-dir: .*dentro de la bóveda/,
    );
    expect(() => parse(['--vault', '~/.config'])).toThrow(/dentro de la bóveda/);
    expect(parse(['--vault', '/v', '--config-dir', '/v2']).configDir).toBe('/v2');
  });

  it('names the flag or variable of a bad port', () => {
    expect(() => parse(['--port', 'abc'])).toThrow(/^--port: el puerto debe ser un número entero/);
    expect(() => parse([], { SOMA_PORT: '70000' })).toThrow(/^SOMA_PORT: /);
  });

  it('refuses unknown options, stray arguments and flags without a value', () => {
    expect(() => parse(['--vualt', '/v'])).toThrow(/^opción desconocida: --vualt/);
    expect(() => parse(['boveda'])).toThrow(/^argumento inesperado: boveda/);
    expect(() => parse(['--vault'])).toThrow(/^--vault necesita un valor/);
    expect(() => parse(['--vault', '--no-open'])).toThrow(/^--vault necesita un valor/);
    expect(() => parse(['--vault='])).toThrow(/^--vault necesita un valor/);
    expect(() => parse(['-p', '80'])).toThrow(/^opción desconocida: -p\b/);
    expect(() => parse(['--', '--vault'])).toThrow(/^argumento inesperado: --vault/);
  });

  it('refuses a value given to an option that takes none, naming it', () => {
    expect(() => parse(['--lan=sí'])).toThrow(/^--lan no admite un valor/);
    expect(() => parse(['--no-open=1'])).toThrow(/^--no-open no admite un valor/);
  });

  it('takes the last of --open and --no-open, and -h for help', () => {
    expect(parse(['--open', '--no-open']).open).toBe(false);
    expect(parse(['--no-open', '--open'], { CI: '1' }).open).toBe(true);
    expect(parseOptions(['-h'], {}, ROOT, context)).toHaveProperty('help');
  });

  it('returns the help text for --help', () => {
    const result = parseOptions(['--port', '1', '--help'], {}, ROOT, context);
    expect('help' in result && result.help).toMatch(/^Uso: soma/);
  });
});
