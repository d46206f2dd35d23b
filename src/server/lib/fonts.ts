import fs from 'node:fs/promises';
import { createRequire } from 'node:module';

/*
 * Noto Sans SC from its npm package (OFL): every server-side render uses it — the printable QR
 * sheet (features/cards, decision 012) and the posters (features/marketing) — so Chinese prints
 * without any font on the machine.
 */

const require = createRequire(import.meta.url);
let fontBytes: Promise<Uint8Array> | null = null;

/** The font file of one weight, inside node_modules. */
export function notoSansScPath(weight: '400Regular' | '700Bold' = '400Regular'): string {
  return require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`);
}

/** The regular weight's bytes, read once. */
export function loadFont(): Promise<Uint8Array> {
  fontBytes ??= fs.readFile(notoSansScPath());
  return fontBytes;
}
