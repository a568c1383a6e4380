package org.jnvm.emulation.provision;

import java.nio.file.Path;
import java.util.List;

/**
 * One line of the mount table ({@code /proc/mounts}), with octal escapes already decoded.
 *
 * @param device the mounted device or pseudo file system name
 * @param mountPoint where it is mounted, absolute
 * @param type the file system type, e.g. {@code tmpfs}, {@code ext4}
 * @param options the mount options, in order
 */
public record Mount(String device, Path mountPoint, String type, List<String> options) {

  public Mount {
    options = List.copyOf(options);
  }

  /**
   * True if every file on this mount is accessed directly (DAX), so that a synchronous (MAP_SYNC)
   * mapping is both possible and required for stores to be durable once written back. {@code dax}
   * (the historic flag) and {@code dax=always} qualify; {@code dax=inode} (per-file, decided by a
   * file attribute) and {@code dax=never} do not, since MAP_SYNC fails on a file without DAX.
   */
  public boolean isDax() {
    return options.contains("dax") || options.contains("dax=always");
  }

  /** True if the file system is mounted read-only ({@code ro}). */
  public boolean isReadOnly() {
    return options.contains("ro");
  }

  @Override
  public String toString() {
    return device + " on " + mountPoint + " type " + type + " (" + String.join(",", options) + ")";
  }
}
