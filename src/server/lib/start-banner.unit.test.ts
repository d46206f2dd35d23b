import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { phonesCanReach, phoneStartCommand } from '#shared/schemas/public-origin.ts';
import { terminalLines, terminalLogStream } from './log-output.ts';
import { outboxLinks } from './mailer.ts';
import { lanOrigins, publicOriginInfo } from './public-origin.ts';
import { localUrl, startBanner } from './start-banner.ts';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const address = (addr: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address: addr, family, internal, netmask: '', mac: '', cidr: null }) as never;

const LAPTOP: Interfaces = {
  lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
  wlan0: [address('192.168.1.20', 'IPv4'), address('fe80::1', 'IPv6')],
  eth0: [address('10.0.0.5', 'IPv4')],
};
const OFFLINE: Interfaces = { lo: [address('127.0.0.1', 'IPv4', true)] };

describe('phonesCanReach', () => {
  it('is false for loopback and localhost origins', () => {
    for (const origin of [
      'http://localhost:5000',
      'http://LOCALHOST:5611',
      'http://docucard.localhost:5000',
      'http://127.0.0.1:5000',
      'http://127.8.9.10',
      'http://[::1]:5000',
      'http://[::ffff:127.0.0.1]:5000',
      'http://0.0.0.0:5000',
      'not a url',
    ]) {
      expect(phonesCanReach(origin), origin).toBe(false);
    }
  });

  it('is true for a LAN address or a public https one', () => {
    for (const origin of [
      'http://192.168.1.20:5000',
      'http://10.0.0.5:5611',
      'https://fair.example.com',
      'http://localhost.example.com',
    ]) {
      expect(phonesCanReach(origin), origin).toBe(true);
    }
  });
});

describe('phoneStartCommand', () => {
  it('names the port only when it is not the default', () => {
    expect(phoneStartCommand('http://192.168.1.20:5000')).toBe(
      'HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.20:5000 npm start',
    );
    expect(phoneStartCommand('http://192.168.1.20:5611')).toBe(
      'PORT=5611 HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.20:5611 npm start',
    );
  });
});

describe('lanOrigins and publicOriginInfo', () => {
  it('lists each non-internal IPv4 address with the port', () => {
    expect(lanOrigins(5611, LAPTOP)).toEqual(['http://192.168.1.20:5611', 'http://10.0.0.5:5611']);
    expect(lanOrigins(5611, OFFLINE)).toEqual([]);
    expect(publicOriginInfo({ publicUrl: 'http://localhost:5611', port: 5611 }, LAPTOP)).toEqual({
      origin: 'http://localhost:5611',
      phonesCanReach: false,
      lanOrigins: ['http://192.168.1.20:5611', 'http://10.0.0.5:5611'],
    });
  });
});

describe('the start banner', () => {
  const base = { host: '127.0.0.1', port: 5611, smtpUrl: undefined, dataDir: '/srv/data' };

  it('warns that phones cannot reach localhost and gives the line that fixes it', () => {
    const text = startBanner(
      base,
      publicOriginInfo({ publicUrl: 'http://localhost:5611', port: 5611 }, LAPTOP),
    );
    expect(text).toContain('Open it here:      http://localhost:5611');
    expect(text).toContain('Phones cannot open http://localhost:5611');
    expect(text).toContain('PORT=5611 HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.20:5611 npm start');
    expect(text).toContain('other addresses: http://10.0.0.5:5611');
    expect(text).toContain('written to /srv/data/mail');
    expect(text.split('\n').length).toBeLessThan(12);
  });

  it('says so plainly when the machine has no network address', () => {
    const text = startBanner(
      base,
      publicOriginInfo({ publicUrl: 'http://localhost:5611', port: 5611 }, OFFLINE),
    );
    expect(text).toContain('no network address a phone could use');
    expect(text).not.toContain('npm start');
  });

  it('names where QR codes lead when phones can get there, and the SMTP server without secrets', () => {
    const text = startBanner(
      { ...base, host: '0.0.0.0', smtpUrl: 'smtps://user:secret@mail.example.com:465' },
      publicOriginInfo({ publicUrl: 'http://192.168.1.20:5611', port: 5611 }, LAPTOP),
    );
    expect(text).toContain('QR codes lead to:  http://192.168.1.20:5611');
    expect(text).not.toContain('Phones cannot');
    expect(text).toContain('sent through mail.example.com:465');
    expect(text).not.toContain('secret');
  });

  it('warns when the QR codes name this machine but the server listens only on loopback', () => {
    const text = startBanner(
      base,
      publicOriginInfo({ publicUrl: 'http://192.168.1.20:5611', port: 5611 }, LAPTOP),
    );
    expect(text).toContain('add HOST=0.0.0.0');
  });

  it('opens here on localhost unless the server listens on one address only', () => {
    expect(localUrl({ host: '0.0.0.0', port: 5000 })).toBe('http://localhost:5000');
    expect(localUrl({ host: '::', port: 5000 })).toBe('http://localhost:5000');
    expect(localUrl({ host: '192.168.1.20', port: 5000 })).toBe('http://192.168.1.20:5000');
    expect(localUrl({ host: 'fe80::2', port: 5000 })).toBe('http://[fe80::2]:5000');
  });
});

describe('mail links printed from the outbox', () => {
  it('are the links that carry a token', () => {
    const text = [
      'Confirm: http://localhost:5611/verify-email?token=abc',
      'Reset: http://localhost:5611/reset-password?token=def',
      'Our card: http://localhost:5611/chat/card/3',
    ].join('\n');
    expect(outboxLinks(text)).toEqual([
      'http://localhost:5611/verify-email?token=abc',
      'http://localhost:5611/reset-password?token=def',
    ]);
  });
});

describe('terminal logs', () => {
  it('are pretty on a terminal and JSON elsewhere', async () => {
    expect(await terminalLogStream(false)).toBeUndefined();
    const stream = await terminalLogStream(true);
    expect(typeof stream?.write).toBe('function');
  });

  it('show one line per request and every other record as it is', () => {
    const written: string[] = [];
    const lines = terminalLines((record) => `${JSON.stringify(record)}\n`, {
      write: (text: string) => written.push(text),
    });
    const line = (record: object) => `${JSON.stringify({ level: 30, time: 1, ...record })}\n`;
    lines.write(
      line({ reqId: 'req-1', req: { method: 'GET', url: '/api/health' }, msg: 'incoming request' }),
    );
    lines.write(line({ msg: 'Mail to a@b.c — open: http://localhost:5611/verify-email?token=x' }));
    lines.write(
      line({
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 2.6,
        msg: 'request completed',
      }),
    );
    lines.write('not json\n');
    expect(written.map((text) => text.trim())).toEqual([
      JSON.stringify({
        level: 30,
        time: 1,
        msg: 'Mail to a@b.c — open: http://localhost:5611/verify-email?token=x',
      }),
      JSON.stringify({ level: 30, time: 1, msg: 'GET /api/health → 200 (3 ms)' }),
      'not json',
    ]);
  });
});
