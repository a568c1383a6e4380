package org.jnvm.ycsb.infinispan;

import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.infinispan.JnvmStore;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.jnvm.ycsb.FieldSchema;
import org.jnvm.ycsb.RecordCodec;
import org.jnvm.ycsb.jpdt.PRecord;

/**
 * The J-NVM store (infinispan-store) in J-PDT or J-PFA mode, write-through, its heap under the
 * table's directory, with the same bounded in-memory container as the other persistent rows.
 * Records are J-NVM objects ({@link PRecord}) allocated in the store's heap and stored by
 * reference: no marshalling (see {@link JnvmRecordCodec}).
 */
final class JnvmBackend implements Backend {
  private final StoreMode mode;
  private final boolean resident;

  /**
   * @param resident keep every entry in Infinispan's container (a proxy each, the records stay in
   *     NVMM) instead of the persistent rows' bounded tenth
   */
  JnvmBackend(StoreMode mode, boolean resident) {
    this.mode = Objects.requireNonNull(mode, "mode");
    this.resident = resident;
  }

  @Override
  public String name() {
    return mode.name().toLowerCase(Locale.ROOT) + (resident ? "-all" : "");
  }

  @Override
  public String label() {
    String base = mode == StoreMode.JPDT ? "J-NVM store, J-PDT" : "J-NVM store, J-PFA";
    return resident ? base + ", every entry in memory" : base;
  }

  @Override
  public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
    // The record class must be registered before the store reopens (and preloads) a heap.
    Objects.requireNonNull(PRecord.TYPE);
    if (!resident) Backends.boundMemory(cache, dirs);
    addStore(cache, dirs, name(), mode);
  }

  /**
   * The J-NVM store of every J-NVM row: write-through, its heap {@code NAME.heap} under the table's
   * directory.
   */
  static JnvmStoreConfigurationBuilder addStore(
      ConfigurationBuilder cache, BenchDirs dirs, String name, StoreMode mode) {
    return cache
        .persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(dirs.sub(name + ".heap").toString())
        .size(dirs.heapSize())
        .mode(mode);
  }

  @Override
  public RecordCodec codec(Cache<?, ?> cache, Properties p) {
    return new JnvmRecordCodec(
        JnvmStore.heap(cache),
        FieldSchema.of(p),
        Integer.parseInt(p.getProperty("fieldlength", "100")),
        mode == StoreMode.JPFA);
  }

  @Override
  public boolean freesReplaced() {
    return true;
  }

  @Override
  public boolean supportsScan() {
    return false;
  }
}
