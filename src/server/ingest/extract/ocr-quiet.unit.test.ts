import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Tesseract's diagnostics ("Estimating resolution as 367", "Detected 12
 * diacritics"), printed by the WebAssembly core in the OCR worker threads, stay out of the
 * server's output, and a real failure still reaches the caller. Run in a child process, so
 * what the worker threads print is really captured.
 */

const OCR_MODULE = fileURLToPath(new URL('./ocr.ts', import.meta.url));
const LABEL = path.resolve('fixtures/hengtai/hengtai-label.png');
const RESULT = 'OCR-RESULT ';

const SCRIPT = `
import fs from 'node:fs';
import { recognizeImageText, shutdownOcr } from ${JSON.stringify(OCR_MODULE)};
const signal = new AbortController().signal;
const image = fs.readFileSync(${JSON.stringify(LABEL)});
const photo = await recognizeImageText(image, signal, 'photo');
const page = await recognizeImageText(image, signal, 'page');
let failure = '';
try {
  await recognizeImageText(Buffer.from('not an image'), signal, 'photo');
} catch (error) {
  failure = error.message;
}
await shutdownOcr();
process.stdout.write(${JSON.stringify(RESULT)} + JSON.stringify({ photo: photo.text, page: page.text, failure }) + '\\n');
`;

describe('OCR output', () => {
  it('keeps tesseract diagnostics out of stdout and stderr, but not the errors', async () => {
    // A file, not --eval: the worker threads inherit the command line's options.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-ocr-quiet-'));
    const script = path.join(dir, 'ocr.mjs');
    fs.writeFileSync(script, SCRIPT);
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(code, output).toBe(0);
    const line = output.split('\n').find((text) => text.startsWith(RESULT)) ?? '';
    const result = JSON.parse(line.slice(RESULT.length)) as Record<string, string>;
    expect(result.photo).toContain('HENGTAI');
    expect(result.page).toContain('HENGTAI');
    expect(result.failure).toContain('could not be read');
    expect(output).not.toMatch(/Estimating resolution|diacritics|Invalid resolution/);
  }, 120_000);
});
