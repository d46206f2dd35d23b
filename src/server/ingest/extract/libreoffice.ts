import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExtractionError } from '../errors.ts';

/*
 * Formats no maintained JavaScript parser reads (PowerPoint 97-2003 .ppt and WPS .dps) go
 * through LibreOffice headless: converted to PPTX in a private temporary folder with a private
 * profile (so two conversions never share, or wait on, one user installation), under a time
 * limit, the whole process group killed when it overruns. LibreOffice is optional: found through
 * SOFFICE_PATH or on PATH; without it the upload is refused with a hint to save as .pptx.
 */

const CANDIDATE_NAMES = ['soffice', 'libreoffice'];
const WELL_KNOWN = [
  '/usr/bin/soffice',
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
];

const located = new Map<string, string | null>();

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The LibreOffice binary: `configured` (SOFFICE_PATH) when given — and only it, so a wrong
 * setting shows as "not installed" rather than silently using another copy — else `soffice` on
 * PATH or in a usual install folder. null when there is none. Cached per setting.
 */
export function locateSoffice(configured?: string): string | null {
  const key = configured ?? '';
  const cached = located.get(key);
  if (cached !== undefined) return cached;
  let found: string | null;
  if (configured) {
    found = isExecutable(configured) ? configured : null;
  } else {
    // PATH is the operating system's search path, read here the way a shell would.
    const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
    const onPath = dirs.flatMap((dir) => CANDIDATE_NAMES.map((name) => path.join(dir, name)));
    found = [...onPath, ...WELL_KNOWN].find(isExecutable) ?? null;
  }
  located.set(key, found);
  return found;
}

export interface ConvertOptions {
  soffice: string;
  /** Target filter, e.g. "pptx" or "docx". */
  to: string;
  /** Extension the input is given inside the temp folder (LibreOffice picks its filter by it). */
  inputExtension: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Converts `filePath` with LibreOffice and hands the converted file to `read` while the temp
 * folder still exists; the folder (input copy, output, profile) is removed afterwards.
 */
export async function withLibreOfficeConversion<T>(
  filePath: string,
  options: ConvertOptions,
  read: (convertedPath: string) => Promise<T>,
): Promise<T> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'docucard-lo-'));
  try {
    const input = path.join(work, `input.${options.inputExtension}`);
    const outDir = path.join(work, 'out');
    const profile = path.join(work, 'profile');
    await fsp.copyFile(filePath, input);
    await fsp.mkdir(outDir);
    await runSoffice(
      options.soffice,
      [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--headless',
        '--invisible',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        '--nologo',
        '--convert-to',
        options.to,
        '--outdir',
        outDir,
        input,
      ],
      options.timeoutMs,
      options.signal,
    );
    const output = path.join(outDir, `input.${options.to}`);
    if (!fs.existsSync(output)) {
      throw new ExtractionError('corrupt-document', 'LibreOffice could not convert the file');
    }
    return await read(output);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

function runSoffice(
  soffice: string,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(soffice, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: { ...process.env, HOME: os.tmpdir(), SAL_USE_VCLPLUGIN: 'svp' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    let stopped: ExtractionError | null = null;
    const stop = (error: ExtractionError) => {
      stopped ??= error;
      killGroup();
    };
    const timer = setTimeout(
      () =>
        stop(
          new ExtractionError('timeout', 'LibreOffice overran its time limit', {
            seconds: Math.round(timeoutMs / 1000),
          }),
        ),
      timeoutMs,
    );
    const onAbort = () => {
      const reason: unknown = signal?.reason;
      stop(
        reason instanceof ExtractionError
          ? reason
          : new ExtractionError('timeout', 'the extraction was stopped'),
      );
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(
        new ExtractionError('corrupt-document', `LibreOffice did not start: ${error.message}`),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (stopped) reject(stopped);
      else if (code === 0) resolve();
      else
        reject(
          new ExtractionError('corrupt-document', `LibreOffice failed (${code}): ${stderr.trim()}`),
        );
    });
  });
}
