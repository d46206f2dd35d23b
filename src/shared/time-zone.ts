/*
 * The owner's time zone: an IANA name the runtime knows (Asia/Shanghai, Europe/Berlin, UTC),
 * checked the same way in the browser and on the server.
 */

export const TIME_ZONE_MAX = 64;

/** Whether `Intl` knows the zone (an alias such as Asia/Calcutta too). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > TIME_ZONE_MAX || !/^[A-Za-z][\w+/-]*$/.test(value)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's (or the server's) own zone, when the runtime says one. */
export function runtimeTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}
