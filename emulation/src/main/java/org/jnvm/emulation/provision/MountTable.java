package org.jnvm.emulation.provision;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The mount table in the format of {@code /proc/mounts}: one mount per line, {@code device
 * mount-point type options dump pass}, fields separated by spaces, and spaces, tabs, newlines and
 * backslashes inside a field written as octal escapes ({@code \040}, {@code \011}, {@code \012},
 * {@code \134}).
 *
 * <p>Lines are kept in file order, which is mount order: when two mounts share a mount point, the
 * later one hides the earlier, so {@link #mountOf} prefers it.
 */
public final class MountTable {
  /** Where Linux publishes the mount table of the calling process's namespace. */
  public static final Path PROC_MOUNTS = Path.of("/proc/mounts");

  private final List<Mount> mounts;

  private MountTable(List<Mount> mounts) {
    this.mounts = List.copyOf(mounts);
  }

  /** Parses mount-table text; blank and malformed lines (fewer than four fields) are skipped. */
  public static MountTable parse(String text) {
    List<Mount> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split(" +");
      if (f.length < 4 || !f[1].startsWith("/")) continue;
      List<String> options = Arrays.asList(unescape(f[3]).split(","));
      out.add(new Mount(unescape(f[0]), Path.of(unescape(f[1])), unescape(f[2]), options));
    }
    return new MountTable(out);
  }

  /** The table of {@code /proc/mounts}, or an empty one where there is none (not Linux). */
  public static MountTable read() {
    return read(PROC_MOUNTS);
  }

  static MountTable read(Path file) {
    if (!Files.isReadable(file)) return new MountTable(List.of());
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new NvmmLocationException("cannot read the mount table: " + e + " file=" + file, e);
    }
  }

  public List<Mount> mounts() {
    return mounts;
  }

  /**
   * The mount holding {@code path}: the one whose mount point is the longest prefix of it, compared
   * by whole path components ({@code /mnt/pmem} holds {@code /mnt/pmem/a}, not {@code /mnt/pmem0});
   * on a tie, the later line. {@code path} should be absolute and free of symbolic links ({@link
   * Path#toRealPath}), or the answer is about the link, not its target.
   */
  public Optional<Mount> mountOf(Path path) {
    Path p = path.toAbsolutePath().normalize();
    Mount best = null;
    for (Mount m : mounts) {
      boolean longer =
          best == null || m.mountPoint().getNameCount() >= best.mountPoint().getNameCount();
      if (p.startsWith(m.mountPoint()) && longer) best = m;
    }
    return Optional.ofNullable(best);
  }

  /** Decodes the kernel's octal escapes ({@code \ooo}); other backslashes are kept as they are. */
  static String unescape(String field) {
    if (field.indexOf('\\') < 0) return field;
    StringBuilder b = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\' && isOctal(field, i + 1)) {
        b.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isOctal(String s, int from) {
    if (from + 3 > s.length()) return false;
    for (int i = from; i < from + 3; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '7') return false;
    }
    return true;
  }
}
