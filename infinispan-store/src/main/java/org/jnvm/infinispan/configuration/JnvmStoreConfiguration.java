package org.jnvm.infinispan.configuration;

import org.infinispan.commons.configuration.BuiltBy;
import org.infinispan.commons.configuration.ConfigurationFor;
import org.infinispan.commons.configuration.attributes.AttributeDefinition;
import org.infinispan.commons.configuration.attributes.AttributeSet;
import org.infinispan.configuration.cache.AbstractStoreConfiguration;
import org.infinispan.configuration.cache.AsyncStoreConfiguration;
import org.jnvm.infinispan.JnvmStore;
import org.jnvm.infinispan.StoreMode;

/**
 * The configuration of a {@link JnvmStore}: where its heap file is, the size of a heap it creates,
 * the mode, whether a missing heap is created, and whether records carry checksums. Built by {@link
 * JnvmStoreConfigurationBuilder} or parsed from {@code <jnvm-store
 * xmlns="urn:org:jnvm:infinispan:store:0.1">}.
 */
@BuiltBy(JnvmStoreConfigurationBuilder.class)
@ConfigurationFor(JnvmStore.class)
public class JnvmStoreConfiguration extends AbstractStoreConfiguration<JnvmStoreConfiguration> {
  /** 256 MiB: the size of a heap created when none is configured. */
  public static final long DEFAULT_SIZE = 256L << 20;

  public static final AttributeDefinition<String> PATH =
      AttributeDefinition.builder(Attribute.PATH, null, String.class).immutable().build();
  public static final AttributeDefinition<Long> SIZE =
      AttributeDefinition.builder(Attribute.SIZE, DEFAULT_SIZE).immutable().build();
  public static final AttributeDefinition<StoreMode> MODE =
      AttributeDefinition.builder(Attribute.MODE, StoreMode.JPDT).immutable().build();
  public static final AttributeDefinition<Boolean> CREATE_IF_MISSING =
      AttributeDefinition.builder(Attribute.CREATE_IF_MISSING, true).immutable().build();
  public static final AttributeDefinition<Boolean> CHECKSUMS =
      AttributeDefinition.builder(Attribute.CHECKSUMS, false).immutable().build();

  public static AttributeSet attributeDefinitionSet() {
    return new AttributeSet(
        JnvmStoreConfiguration.class,
        AbstractStoreConfiguration.attributeDefinitionSet(),
        PATH,
        SIZE,
        MODE,
        CREATE_IF_MISSING,
        CHECKSUMS);
  }

  public JnvmStoreConfiguration(AttributeSet attributes, AsyncStoreConfiguration async) {
    super(Element.JNVM_STORE, attributes, async);
  }

  /** The heap file. */
  public String path() {
    return attributes.attribute(PATH).get();
  }

  /** The size in bytes of a heap created by the store (an existing heap keeps its size). */
  public long size() {
    return attributes.attribute(SIZE).get();
  }

  public StoreMode mode() {
    return attributes.attribute(MODE).get();
  }

  /** Whether a missing heap file is created (true) or is an error at start (false). */
  public boolean createIfMissing() {
    return attributes.attribute(CREATE_IF_MISSING).get();
  }

  /**
   * Whether new records end with a CRC32C of their bytes, checked on every read (J-PDT mode only;
   * records written with one are checked whatever this says).
   */
  public boolean checksums() {
    return attributes.attribute(CHECKSUMS).get();
  }
}
