package org.jnvm.ycsb.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the parent of a killed {@code --restart} child saw acknowledged: the {@code loaded} keys
 * {@code user0 .. user<loaded-1>} at version 0, then each write the child printed as {@code A KEY
 * VERSION} after it returned (durable when it returns): per key, the highest version acknowledged.
 * Written to a file for the restarted child, which checks each key against it ({@link LossCheck}).
 */
final class Acks {
  static final String PREFIX = "A ";

  private final long loaded;
  private final Map<Long, Long> latest;
  private long writes;

  Acks(long loaded) {
    this(loaded, new HashMap<>(), 0);
  }

  private Acks(long loaded, Map<Long, Long> latest, long writes) {
    if (loaded < 0) throw new IllegalArgumentException("loaded keys must be >= 0: " + loaded);
    this.loaded = loaded;
    this.latest = latest;
    this.writes = writes;
  }

  /** True if {@code line} is an acknowledgement (then recorded); false for any other line. */
  synchronized boolean accept(String line) {
    if (!line.startsWith(PREFIX)) return false;
    String[] f = line.split(" ");
    if (f.length != 3) throw new IllegalArgumentException("not an acknowledgement: " + line);
    long key = Long.parseLong(f[1]);
    long version = Long.parseLong(f[2]);
    if (key < 0 || version <= 0) {
      throw new IllegalArgumentException(
          "an acknowledged write needs key >= 0, version > 0: " + line);
    }
    latest.merge(key, version, Math::max);
    writes++;
    return true;
  }

  /** The acknowledgement line of a write. */
  static String line(long key, long version) {
    return PREFIX + key + " " + version;
  }

  long loaded() {
    return loaded;
  }

  /** Writes acknowledged (several of one key count several times). */
  synchronized long writes() {
    return writes;
  }

  /**
   * The highest version acknowledged for {@code key}: 0 for a loaded key never written, -1 none.
   */
  synchronized long expected(long key) {
    Long v = latest.get(key);
    if (v != null) return v;
    return key < loaded ? 0 : -1;
  }

  /** The keys written beyond the loaded ones (inserts), ascending, with their versions. */
  synchronized Map<Long, Long> inserted() {
    Map<Long, Long> m = new TreeMap<>();
    latest.forEach(
        (k, v) -> {
          if (k >= loaded) m.put(k, v);
        });
    return m;
  }

  /** The keys to check: the loaded ones and every key written. */
  synchronized long keys() {
    return loaded + inserted().size();
  }

  /** Writes {@code loaded} then a {@code KEY VERSION} line per written key. */
  synchronized void write(Path file) {
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      w.write("loaded " + loaded + " writes " + writes + "\n");
      for (var e : new TreeMap<>(latest).entrySet())
        w.write(e.getKey() + " " + e.getValue() + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the acknowledged writes: file=" + file, e);
    }
  }

  static Acks read(Path file) {
    try {
      var lines = Files.readAllLines(file);
      String[] head = lines.isEmpty() ? new String[0] : lines.get(0).split(" ");
      if (head.length != 4 || !head[0].equals("loaded") || !head[2].equals("writes")) {
        throw new IllegalArgumentException("not a file of acknowledged writes: " + file);
      }
      Map<Long, Long> latest = new HashMap<>();
      for (String l : lines.subList(1, lines.size())) {
        String[] f = l.split(" ");
        latest.put(Long.parseLong(f[0]), Long.parseLong(f[1]));
      }
      return new Acks(Long.parseLong(head[1]), latest, Long.parseLong(head[3]));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the acknowledged writes: file=" + file, e);
    }
  }
}
