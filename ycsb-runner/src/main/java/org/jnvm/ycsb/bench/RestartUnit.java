package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What one child JVM of {@code bin/jnvm bench --restart} runs.
 *
 * @param target the backend's name
 * @param records entries loaded (keys {@code user0 ..}, values of {@link RestartValue#BYTES} bytes)
 * @param loadThreads client threads of the load
 * @param readSeconds the fixed read period after the restart
 * @param dir the backend's files
 * @param acked the acknowledged writes the restarted child checks ({@link Acks}); unused by the
 *     loading child
 * @param restarted false: the child that loads and writes until it is killed; true: the child that
 *     restarts on its files, measures and checks
 */
record RestartUnit(
    String target,
    long records,
    int loadThreads,
    double readSeconds,
    Path dir,
    Path acked,
    boolean restarted) {
  static final String TABLE = "usertable";

  void write(Path file) {
    Properties p = new Properties();
    p.setProperty("target", target);
    p.setProperty("records", Long.toString(records));
    p.setProperty("loadThreads", Integer.toString(loadThreads));
    p.setProperty("readSeconds", Double.toString(readSeconds));
    p.setProperty("dir", dir.toString());
    p.setProperty("acked", acked.toString());
    p.setProperty("restarted", Boolean.toString(restarted));
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "one JVM of bin/jnvm bench --restart");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the run description: file=" + file, e);
    }
  }

  static RestartUnit read(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run description: file=" + file, e);
    }
    return new RestartUnit(
        p.getProperty("target"),
        Long.parseLong(p.getProperty("records")),
        Integer.parseInt(p.getProperty("loadThreads")),
        Double.parseDouble(p.getProperty("readSeconds")),
        Path.of(p.getProperty("dir")),
        Path.of(p.getProperty("acked")),
        Boolean.parseBoolean(p.getProperty("restarted")));
  }

  /**
   * The binding's properties: one field of {@link RestartValue#BYTES} bytes, the table in {@link
   * #dir}, never deleted by the binding (the parent deletes it); once {@link #restarted}, YCSB's
   * run phase, in which a binding opens what the load left and creates nothing.
   */
  Properties props(Target t) {
    Properties p = new Properties();
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("fieldcount", "1");
    p.setProperty("fieldlength", Integer.toString(RestartValue.BYTES));
    p.setProperty("table", TABLE);
    p.setProperty("dotransactions", Boolean.toString(restarted));
    p.setProperty(org.jnvm.ycsb.Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(org.jnvm.ycsb.Dirs.DELETE_PROPERTY, "false");
    t.props().forEach(p::setProperty);
    return p;
  }

  /** A short name for logs and progress lines, e.g. {@code jpdt-all-100000}. */
  String tag() {
    return target + "-" + records;
  }

  /** This unit for the restarted child. */
  RestartUnit restart() {
    return new RestartUnit(target, records, loadThreads, readSeconds, dir, acked, true);
  }
}
