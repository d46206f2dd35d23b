import { describe, expect, it } from 'vitest';
import { cleanTimeZone, countryOf, deviceTypeOf } from './visitor-traits.ts';

describe('visitor traits', () => {
  it('reads the device class from real user agents', () => {
    expect(
      deviceTypeOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('mobile');
    expect(
      deviceTypeOf(
        'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
    expect(
      deviceTypeOf(
        'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet');
    expect(
      deviceTypeOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0'),
    ).toBe('desktop');
    expect(deviceTypeOf(undefined)).toBe('desktop');
  });

  it('places a visitor by time zone, else by the language region', () => {
    expect(countryOf({ timeZone: 'Europe/Berlin', language: 'en-US' })).toBe('DE');
    expect(countryOf({ timeZone: 'Asia/Hong_Kong' })).toBe('HK');
    expect(countryOf({ timeZone: 'UTC', language: 'en-GB' })).toBe('GB');
    expect(countryOf({ language: 'zh-Hant-TW' })).toBe('TW');
    expect(countryOf({ timeZone: 'UTC', language: 'en' })).toBeNull();
    expect(countryOf({})).toBeNull();
  });

  it('accepts IANA-looking zones only', () => {
    expect(cleanTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(cleanTimeZone('Etc/GMT+8')).toBe('Etc/GMT+8');
    expect(cleanTimeZone('../../etc/passwd')).toBeNull();
    expect(cleanTimeZone('x'.repeat(65))).toBeNull();
    expect(cleanTimeZone(42)).toBeNull();
  });
});
