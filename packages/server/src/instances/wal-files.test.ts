import { describe, expect, it } from 'vitest';
import { startWalFile, walFileName } from './wal-files.ts';

const MB16 = 16 * 1024 * 1024;

describe('WAL file names', () => {
  it('names segments by timeline, high and low part, as pg_walfile_name does', () => {
    expect(walFileName(1, 0x2000028n, MB16)).toBe('000000010000000000000002');
    expect(walFileName(1, 0x1_0000_0000n + 0x3ffffffn, MB16)).toBe('000000010000000100000003');
    expect(walFileName(2, 0xff000000n, MB16)).toBe('0000000200000000000000FF');
    expect(walFileName(1, 0x4000000n, 64 * 1024 * 1024)).toBe('000000010000000000000001');
  });

  it('reads the first segment from a backup_label', () => {
    const label = 'START WAL LOCATION: 0/2000028 (file 000000010000000000000002)\nCHECKPOINT LOCATION: 0/2000060\n';
    expect(startWalFile(label)).toBe('000000010000000000000002');
    expect(() => startWalFile('nonsense')).toThrow(/backup_label/);
  });
});
