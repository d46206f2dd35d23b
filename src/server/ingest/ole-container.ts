import fs from 'node:fs/promises';

/*
 * Legacy Office files (.ppt, .doc, .xls) and password-protected DOCX/PPTX share one container:
 * OLE2 / Compound File Binary. Its directory names the streams inside, which is enough to tell
 * the person what they uploaded and what to save it as. Only the directory is read.
 */

export const OLE_SIGNATURE = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type OleContent = 'ppt' | 'doc' | 'xls' | 'encrypted-ooxml' | 'unknown';

const END_OF_CHAIN = 0xfffffffe;
const MAX_DIRECTORY_SECTORS = 512;
const DIFAT_IN_HEADER = 109;

export function hasOleSignature(head: Uint8Array): boolean {
  return OLE_SIGNATURE.every((byte, index) => head[index] === byte);
}

/** Names of the streams and storages in the container's directory ([] when unreadable). */
export async function readOleDirectoryNames(filePath: string): Promise<string[]> {
  const file = await fs.open(filePath, 'r');
  try {
    const header = Buffer.alloc(512);
    const { bytesRead } = await file.read(header, 0, 512, 0);
    if (bytesRead < 512) return [];
    const sectorShift = header.readUInt16LE(0x1e);
    if (sectorShift !== 9 && sectorShift !== 12) return [];
    const sectorSize = 1 << sectorShift;
    const readSector = async (index: number): Promise<Buffer | null> => {
      const buffer = Buffer.alloc(sectorSize);
      const result = await file.read(buffer, 0, sectorSize, (index + 1) * sectorSize);
      return result.bytesRead === sectorSize ? buffer : null;
    };
    const entriesPerFatSector = sectorSize / 4;
    const nextSector = async (sector: number): Promise<number> => {
      const fatIndex = Math.floor(sector / entriesPerFatSector);
      if (fatIndex >= DIFAT_IN_HEADER) return END_OF_CHAIN;
      const fatSector = header.readUInt32LE(0x4c + fatIndex * 4);
      const fat = await readSector(fatSector);
      return fat ? fat.readUInt32LE((sector % entriesPerFatSector) * 4) : END_OF_CHAIN;
    };

    const names: string[] = [];
    let sector = header.readUInt32LE(0x30);
    for (let visited = 0; sector < END_OF_CHAIN && visited < MAX_DIRECTORY_SECTORS; visited++) {
      const directory = await readSector(sector);
      if (!directory) break;
      for (let offset = 0; offset + 128 <= sectorSize; offset += 128) {
        const nameBytes = directory.readUInt16LE(offset + 0x40);
        const type = directory[offset + 0x42];
        if (nameBytes < 2 || nameBytes > 64 || !type) continue;
        names.push(directory.toString('utf16le', offset, offset + nameBytes - 2));
      }
      sector = await nextSector(sector);
    }
    return names;
  } catch {
    return [];
  } finally {
    await file.close();
  }
}

export function classifyOleDirectory(names: readonly string[]): OleContent {
  const has = (name: string) => names.includes(name);
  if (has('EncryptedPackage') || has('EncryptionInfo')) return 'encrypted-ooxml';
  if (has('PowerPoint Document')) return 'ppt';
  if (has('WordDocument')) return 'doc';
  if (has('Workbook') || has('Book')) return 'xls';
  return 'unknown';
}

/** What the container holds; the file name only helps when the directory cannot be read. */
export async function identifyOleContainer(
  filePath: string,
  originalName: string,
): Promise<OleContent> {
  const content = classifyOleDirectory(await readOleDirectoryNames(filePath));
  if (content !== 'unknown') return content;
  const extension = originalName.toLowerCase().split('.').pop() ?? '';
  if (['ppt', 'pps', 'pot'].includes(extension)) return 'ppt';
  if (['doc', 'dot'].includes(extension)) return 'doc';
  if (['xls', 'xlt'].includes(extension)) return 'xls';
  return 'unknown';
}
