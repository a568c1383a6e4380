package org.jnvm.ycsb.infinispan;

import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.ycsb.RecordCodec;

/**
 * One way of keeping the YCSB table in an Infinispan cache: the persistence it configures and the
 * record representation it stores. The binding ({@link InfinispanDB}) is the same for all; a
 * backend is picked by {@link #name()} with the property {@value InfinispanDB#BACKEND_PROPERTY}.
 *
 * <p>To add one (the J-NVM stores {@code jpdt} and {@code jpfa}): implement this interface,
 * configure the store through its configuration builder in {@link #configure}, return a codec that
 * keeps records as the objects the store holds, and list it in {@link Backends}, or (outside this
 * module) name it in a {@code META-INF/services/org.jnvm.ycsb.infinispan.Backend} file.
 */
public interface Backend {
  /** The name users select it by, e.g. {@code sifs}. */
  String name();

  /** A short human description for reports, e.g. {@code SoftIndexFileStore}. */
  String label();

  /**
   * Configures the cache: persistence (none for a volatile cache) and the memory bound. Files go
   * under {@code dirs}; {@code dirs.memoryCount()} is how many entries stay in memory when the
   * backend persists (the rest live only in the store).
   */
  void configure(ConfigurationBuilder cache, BenchDirs dirs);

  /**
   * The record representation stored in {@code cache} (started), for a table described by YCSB's
   * properties {@code p} (field count, names and length).
   */
  RecordCodec codec(Cache<?, ?> cache, Properties p);

  /**
   * True if the store frees a stored value when its entry is replaced or removed (J-NVM values):
   * the binding then serializes reads of a key with its updates and deletes, so that no read
   * decodes a value that a concurrent update has just freed.
   */
  default boolean freesReplaced() {
    return false;
  }

  /** True if the backend answers YCSB scans (workload E). */
  boolean supportsScan();

  /**
   * True if the records outlive the JVM (files under the table directory): YCSB's run phase then
   * expects a load phase to have left them (see {@link org.jnvm.ycsb.Dirs#requireLoaded}).
   */
  default boolean persists() {
    return true;
  }

  /** True if {@code bin/jnvm bench} runs it only when {@code --backends} names it. */
  default boolean optional() {
    return false;
  }
}
