package org.jnvm.ycsb.infinispan;

import java.util.Objects;
import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.RecordCodec;

/**
 * The J-NVM store in J-PDT mode holding records as marshalled bytes (the representation of the file
 * stores and of Hot Rod clients), so that each record's value lies inline in its entry record, with
 * or without the store's checksums ({@code checksums="true"}: a CRC32C of the record written with
 * it and checked on every read). The pair measures what checksums cost; both rows are optional
 * ({@code --backends jpdt-bytes,jpdt-crc}).
 */
final class JnvmBytesBackend implements Backend {
  private final boolean checksums;

  JnvmBytesBackend(boolean checksums) {
    this.checksums = checksums;
  }

  @Override
  public String name() {
    return checksums ? "jpdt-crc" : "jpdt-bytes";
  }

  @Override
  public String label() {
    return checksums
        ? "J-NVM store, J-PDT, byte records, checksums"
        : "J-NVM store, J-PDT, byte records";
  }

  @Override
  public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
    Backends.boundMemory(cache, dirs);
    JnvmBackend.addStore(cache, dirs, name(), StoreMode.JPDT).checksums(checksums);
  }

  @Override
  public RecordCodec codec(Cache<?, ?> cache, Properties p) {
    Objects.requireNonNull(cache, "cache");
    return ByteRecordCodec.INSTANCE;
  }

  @Override
  public boolean supportsScan() {
    return false;
  }

  @Override
  public boolean optional() {
    return true;
  }
}
