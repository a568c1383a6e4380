package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.infinispan.commons.marshall.JavaSerializationMarshaller;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.marshall.persistence.PersistenceMarshaller;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;
import org.testng.annotations.Test;

/**
 * {@link FastMarshal}'s second form, against the persistence marshaller of a cache manager whose
 * user marshaller is Java serialization (the DSO nodes' configuration): byte arrays get the
 * marshaller's bytes and read back, every other type is left to the marshaller, and nothing is
 * decoded that the form did not write.
 */
@Test(groups = "unit")
public class FastMarshalJavaBytesTest {
  private DefaultCacheManager manager;
  private PersistenceMarshaller marshaller;
  private FastMarshal fast;

  @BeforeClass
  public void start() {
    GlobalConfigurationBuilder g = new GlobalConfigurationBuilder().nonClusteredDefault();
    g.serialization()
        .marshaller(new JavaSerializationMarshaller())
        .allowList()
        .addRegexps("java\\.lang\\..*");
    manager = new DefaultCacheManager(g.build());
    marshaller = FastMarshalTest.persistenceMarshaller(manager);
    fast = FastMarshal.matching(marshaller);
  }

  @AfterClass(alwaysRun = true)
  public void stop() {
    manager.stop();
  }

  public void theFormOfJavaSerializedArraysIsChosen() {
    assertTrue(fast.on(), "the fast path is off for a Java-serialization user marshaller");
    assertTrue(
        fast.javaBytes(), "the protobuf form was chosen for a Java-serialization marshaller");
  }

  public void randomArraysGetTheMarshallersBytesAndReadBack() throws Exception {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 5_000; i++) {
      byte[] v = new byte[rnd.nextInt(i % 50 == 0 ? 70_000 : 300)];
      rnd.nextBytes(v);
      byte[] theirs = marshaller.objectToByteBuffer(v);
      assertEquals(fast.encode(v), theirs, "bytes of an array of " + v.length);
      assertEquals((byte[]) fast.decode(theirs), v, "array of " + v.length);
      assertEquals((byte[]) marshaller.objectFromByteBuffer(fast.encode(v)), v);
    }
  }

  public void otherTypesAreLeftToTheMarshaller() throws Exception {
    for (Object o : new Object[] {7L, 5, "abc", 1.5d, true}) {
      assertNull(fast.encode(o), "encoded " + o);
      assertNull(fast.decode(marshaller.objectToByteBuffer(o)), "decoded " + o);
    }
  }

  public void damagedOrTruncatedBytesAreNotDecoded() throws Exception {
    byte[] full = marshaller.objectToByteBuffer(new byte[] {1, 2, 3, 4, 5});
    for (int n = 0; n < full.length; n++) {
      assertNull(fast.decode(Arrays.copyOf(full, n)), "truncated to " + n);
    }
    assertNull(fast.decode(Arrays.copyOf(full, full.length + 1)), "a trailing byte");
    int header = full.length - 5 - 4 - 23; // where the Java stream starts
    for (int i = header; i < full.length - 5; i++) {
      byte[] bad = full.clone();
      bad[i] ^= 0x10;
      assertNull(fast.decode(bad), "byte " + i + " of the stream or its length changed");
    }
  }

  public void theDefaultMarshallerKeepsTheProtobufForm() {
    try (DefaultCacheManager m =
        new DefaultCacheManager(new GlobalConfigurationBuilder().nonClusteredDefault().build())) {
      FastMarshal f = FastMarshal.matching(FastMarshalTest.persistenceMarshaller(m));
      assertTrue(f.on());
      assertFalse(f.javaBytes());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
