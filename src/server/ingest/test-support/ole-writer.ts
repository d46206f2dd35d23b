import { OLE_SIGNATURE } from '../ole-container.ts';

/*
 * A minimal OLE2 / Compound File for tests: 512-byte sectors, one FAT sector and one directory
 * sector naming the given streams (no stream data). Enough for detection to read the directory.
 */
export function buildOleFile(streamNames: readonly string[]): Buffer {
  const sectorSize = 512;
  const header = Buffer.alloc(sectorSize);
  Buffer.from(OLE_SIGNATURE).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18); // minor version
  header.writeUInt16LE(3, 0x1a); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 0x1c); // little endian
  header.writeUInt16LE(9, 0x1e); // sector shift
  header.writeUInt16LE(6, 0x20); // mini sector shift
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(0, 0x30); // directory starts at sector 0
  header.writeUInt32LE(0x1000, 0x38); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 0x3c); // no mini FAT
  header.writeUInt32LE(0xfffffffe, 0x44); // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(0xffffffff, 0x4c + i * 4);
  header.writeUInt32LE(1, 0x4c); // FAT lives in sector 1

  const names = ['Root Entry', ...streamNames].slice(0, 4);
  const directory = Buffer.alloc(sectorSize);
  names.forEach((name, index) => {
    const offset = index * 128;
    const encoded = Buffer.from(`${name}\u0000`, 'utf16le');
    encoded.copy(directory, offset);
    directory.writeUInt16LE(encoded.length, offset + 0x40);
    directory[offset + 0x42] = index === 0 ? 5 : 2; // root storage, then streams
    directory.writeUInt32LE(0xffffffff, offset + 0x44);
    directory.writeUInt32LE(0xffffffff, offset + 0x48);
    directory.writeUInt32LE(index === 0 && names.length > 1 ? 1 : 0xffffffff, offset + 0x4c);
  });

  const fat = Buffer.alloc(sectorSize, 0xff);
  fat.writeUInt32LE(0xfffffffe, 0); // directory: one sector, end of chain
  fat.writeUInt32LE(0xfffffffd, 4); // sector 1 is a FAT sector
  return Buffer.concat([header, directory, fat]);
}
