/*
 * Node decodes GB18030 and Big5 but cannot encode them. Tests build such files by searching the
 * two-byte table once per encoding; every character they use is in it, ASCII passes through.
 */

const tables = new Map<string, Map<string, [number, number]>>();

function tableFor(encoding: 'gb18030' | 'big5'): Map<string, [number, number]> {
  const cached = tables.get(encoding);
  if (cached) return cached;
  const decoder = new TextDecoder(encoding, { fatal: true });
  const table = new Map<string, [number, number]>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      try {
        const char = decoder.decode(Uint8Array.from([lead, trail]));
        if (!table.has(char)) table.set(char, [lead, trail]);
      } catch {
        // not a valid pair in this encoding
      }
    }
  }
  tables.set(encoding, table);
  return table;
}

export function encodeLegacy(encoding: 'gb18030' | 'big5', text: string): Buffer {
  const table = tableFor(encoding);
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      bytes.push(code);
      continue;
    }
    const pair = table.get(char);
    if (!pair) throw new Error(`${char} has no ${encoding} encoding`);
    bytes.push(...pair);
  }
  return Buffer.from(bytes);
}
