import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/**
 * A real ext4 file system on a loop device, made and removed by the test (as root, as CI runs the
 * tests), for faults a killed process cannot show: the disk failing under the database (its journal
 * aborts, as on an I/O error) and the power going (the file system stops without writing its log).
 * What the operating system's cache held and nobody flushed is gone after either, as on real hardware.
 */
export interface LoopDisk {
  /** Where it is mounted. */
  path: string;
  /**
   * A disk error: ext4 aborts its journal and turns read-only (`trigger_fs_error`, mounted with
   * errors=remount-ro). Nothing written after the last journal commit survives.
   */
  failJournal(): void;
  /**
   * A power cut: the file system shuts down without flushing its log (EXT4_IOC_SHUTDOWN with
   * EXT4_GOING_FLAGS_NOLOGFLUSH). Every write after the last journal commit is lost.
   */
  cutPower(): void;
  /** After a fault, with every process off it: unmounts, repairs (e2fsck -fy) and mounts again. */
  repair(): void;
  /** Unmounts and removes it. */
  remove(): void;
}

/** Whether a loop device can be made here: root, the tools, and the kernel's loop driver. */
export function loopDisksAvailable(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync(
      'sh',
      ['-c', 'command -v losetup && command -v mkfs.ext4 && command -v e2fsck && command -v perl'],
      {
        stdio: 'ignore',
      },
    );
  } catch {
    return false;
  }
  return existsSync('/dev/loop-control');
}

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: 'pipe' }).toString().trim();

/** EXT4_IOC_SHUTDOWN (_IOR('X', 125, __u32)) with EXT4_GOING_FLAGS_NOLOGFLUSH, through Perl's ioctl. */
const SHUTDOWN_WITHOUT_LOG = `open(my $d, '<', $ARGV[0]) or die "$!"; my $flags = pack('L', 2); ioctl($d, 0x8004587d, $flags) or die "ioctl: $!"`;

export function makeLoopDisk(name: string, sizeMb: number): LoopDisk {
  const folder = mkdtempSync(join(tmpdir(), `toolshop-${name}-`));
  const image = join(folder, 'disk.img');
  const path = join(folder, 'mnt');
  const fd = openSync(image, 'w');
  try {
    ftruncateSync(fd, sizeMb * 1024 * 1024);
  } finally {
    closeSync(fd);
  }
  run('mkfs.ext4', ['-q', '-F', image]);
  const device = run('losetup', ['--find', '--show', image]);
  const mount = () => {
    execFileSync('mkdir', ['-p', path]);
    // The settings of a server's data disk: errors turn it read-only, the journal orders data.
    run('mount', ['-t', 'ext4', '-o', 'errors=remount-ro,data=ordered', device, path]);
  };
  const unmount = () => {
    try {
      run('umount', [path]);
    } catch {
      run('umount', ['--lazy', path]);
    }
  };
  try {
    mount();
  } catch (error) {
    run('losetup', ['-d', device]);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    path,
    failJournal() {
      writeFileSync(`/sys/fs/ext4/${basename(device)}/trigger_fs_error`, 'test: disk error\n');
    },
    cutPower() {
      run('perl', ['-e', SHUTDOWN_WITHOUT_LOG, path]);
    },
    repair() {
      unmount();
      try {
        run('e2fsck', ['-f', '-y', device]);
      } catch (error) {
        // 1 and 2: errors corrected; anything above is a file system it could not repair.
        const status = (error as { status?: number }).status ?? 8;
        if (status > 2) throw error;
      }
      mount();
    },
    remove() {
      try {
        unmount();
      } finally {
        try {
          run('losetup', ['-d', device]);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      }
    },
  };
}
