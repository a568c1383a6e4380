package org.jnvm.infinispan.configuration;

import static org.jnvm.infinispan.configuration.JnvmStoreConfiguration.CHECKSUMS;
import static org.jnvm.infinispan.configuration.JnvmStoreConfiguration.CREATE_IF_MISSING;
import static org.jnvm.infinispan.configuration.JnvmStoreConfiguration.MODE;
import static org.jnvm.infinispan.configuration.JnvmStoreConfiguration.PATH;
import static org.jnvm.infinispan.configuration.JnvmStoreConfiguration.SIZE;

import org.infinispan.commons.CacheConfigurationException;
import org.infinispan.commons.configuration.Combine;
import org.infinispan.configuration.cache.AbstractStoreConfigurationBuilder;
import org.infinispan.configuration.cache.PersistenceConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfiguration;
import org.jnvm.infinispan.StoreMode;

/**
 * Builds a {@link JnvmStoreConfiguration}:
 *
 * <pre>{@code
 * builder.persistence().addStore(JnvmStoreConfigurationBuilder.class)
 *     .path("/dev/shm/cache.heap").size("1g").mode(StoreMode.JPDT);
 * }</pre>
 *
 * Validation (when the cache's configuration is built) refuses a missing path and a size outside
 * what a heap can have; the store refuses, when the cache starts, a heap in a directory that does
 * not exist, a file that is not a heap, a missing heap with create-if-missing false, and a heap
 * written with another mode or segment count.
 */
public class JnvmStoreConfigurationBuilder
    extends AbstractStoreConfigurationBuilder<
        JnvmStoreConfiguration, JnvmStoreConfigurationBuilder> {
  /** The smallest heap the store accepts: room for the segment maps of a default cache. */
  public static final long MIN_SIZE = 4L << 20;

  /**
   * The largest heap: the heap's own limit (64 TiB). The size is a maximum; space is reserved as
   * records arrive. Whether this JVM can map it is checked when the heap is created or opened.
   */
  public static final long MAX_SIZE = 1L << 46;

  public JnvmStoreConfigurationBuilder(PersistenceConfigurationBuilder builder) {
    super(builder, JnvmStoreConfiguration.attributeDefinitionSet());
  }

  /** The heap file (created if missing, unless {@link #createIfMissing} is false). */
  public JnvmStoreConfigurationBuilder path(String path) {
    attributes.attribute(PATH).set(path);
    return this;
  }

  /** Maximum size in bytes of a heap the store creates (space is reserved as it is used). */
  public JnvmStoreConfigurationBuilder size(long bytes) {
    attributes.attribute(SIZE).set(bytes);
    return this;
  }

  /** Size of a heap the store creates, in bytes or with a unit: {@code 64m}, {@code 1g}, ... */
  public JnvmStoreConfigurationBuilder size(String size) {
    return size(Sizes.parse(size));
  }

  public JnvmStoreConfigurationBuilder mode(StoreMode mode) {
    attributes.attribute(MODE).set(mode);
    return this;
  }

  public JnvmStoreConfigurationBuilder createIfMissing(boolean create) {
    attributes.attribute(CREATE_IF_MISSING).set(create);
    return this;
  }

  /**
   * Records end with a CRC32C of their bytes, checked on every read: a flipped payload byte is an
   * error naming the key instead of a wrong value (J-PDT mode; off by default).
   */
  public JnvmStoreConfigurationBuilder checksums(boolean on) {
    attributes.attribute(CHECKSUMS).set(on);
    return this;
  }

  @Override
  public void validate() {
    super.validate();
    String path = attributes.attribute(PATH).get();
    if (path == null || path.isBlank()) {
      throw new CacheConfigurationException(
          "jnvm-store: the heap path is required (path=\"/dev/shm/NAME\")");
    }
    long size = attributes.attribute(SIZE).get();
    if (size < MIN_SIZE || size > MAX_SIZE) {
      throw new CacheConfigurationException(
          "jnvm-store: heap size out of range: size="
              + size
              + " min="
              + MIN_SIZE
              + " max="
              + MAX_SIZE
              + " path="
              + path);
    }
    StoreMode mode = attributes.attribute(MODE).get();
    if (mode == null) {
      throw new CacheConfigurationException("jnvm-store: mode must be JPDT or JPFA: path=" + path);
    }
    if (mode == StoreMode.JPFA && attributes.attribute(CHECKSUMS).get()) {
      throw new CacheConfigurationException(
          "jnvm-store: checksums are supported in mode JPDT only (JPFA records are updated in"
              + " place, field by field): mode=JPFA checksums=true path="
              + path);
    }
  }

  @Override
  public void validate(GlobalConfiguration globalConfig) {
    super.validate(globalConfig);
  }

  @Override
  public JnvmStoreConfiguration create() {
    return new JnvmStoreConfiguration(attributes.protect(), async.create());
  }

  @Override
  public JnvmStoreConfigurationBuilder read(JnvmStoreConfiguration template, Combine combine) {
    super.read(template, combine);
    return this;
  }

  @Override
  public JnvmStoreConfigurationBuilder self() {
    return this;
  }
}
