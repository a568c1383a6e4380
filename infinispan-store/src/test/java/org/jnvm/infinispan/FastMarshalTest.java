package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.marshall.persistence.PersistenceMarshaller;
import org.infinispan.metadata.EmbeddedMetadata;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;
import org.testng.annotations.Test;

/**
 * {@link FastMarshal} against the persistence marshaller it stands in for: the same bytes for
 * random values of its four types, the same values read back, and nothing decoded that it did not
 * write (those bytes go to the marshaller).
 */
@Test(groups = "unit")
public class FastMarshalTest {
  private DefaultCacheManager manager;
  private PersistenceMarshaller marshaller;
  private FastMarshal fast;

  @BeforeClass
  public void start() {
    manager =
        new DefaultCacheManager(new GlobalConfigurationBuilder().nonClusteredDefault().build());
    marshaller = persistenceMarshaller(manager);
    fast = FastMarshal.matching(marshaller);
  }

  /** The persistence marshaller a store of {@code m} gets (through a local cache named probe). */
  static PersistenceMarshaller persistenceMarshaller(DefaultCacheManager m) {
    m.defineConfiguration("probe", new ConfigurationBuilder().build());
    return ComponentRegistry.of(m.getCache("probe")).getPersistenceMarshaller();
  }

  @AfterClass(alwaysRun = true)
  public void stop() {
    manager.stop();
  }

  public void theStoresMarshallerMatches() {
    assertTrue(fast.on(), "the fast path is off for Infinispan's default persistence marshaller");
  }

  public void randomValuesGetTheMarshallersBytesAndReadBack() throws Exception {
    SplittableRandom rnd = new SplittableRandom(42);
    for (Object v : values(rnd, 20_000)) {
      byte[] theirs = marshaller.objectToByteBuffer(v);
      assertEquals(fast.encode(v), theirs, "bytes of " + describe(v));
      Object back = fast.decode(theirs);
      if (v instanceof byte[] b) assertEquals((byte[]) back, b);
      else assertEquals(back, v, "value of " + describe(v));
      Object viaMarshaller = marshaller.objectFromByteBuffer(fast.encode(v));
      if (v instanceof byte[] b) assertEquals((byte[]) viaMarshaller, b);
      else assertEquals(viaMarshaller, v);
    }
  }

  public void otherTypesAreLeftToTheMarshaller() throws Exception {
    Object[] others = {
      1.5d, true, (short) 3, (byte) 9, 2.5f, new EmbeddedMetadata.Builder().lifespan(5).build()
    };
    for (Object o : others) {
      assertNull(fast.encode(o), "encoded " + o);
      assertNull(fast.decode(marshaller.objectToByteBuffer(o)), "decoded " + o);
    }
  }

  public void damagedOrTruncatedBytesAreNotDecoded() throws Exception {
    byte[] full = marshaller.objectToByteBuffer("a string of some length");
    for (int n = 0; n < full.length; n++) {
      assertNull(fast.decode(Arrays.copyOf(full, n)), "truncated to " + n);
    }
    byte[] longer = Arrays.copyOf(full, full.length + 1);
    assertNull(fast.decode(longer), "a trailing byte");
    byte[] tooLongVarint = marshaller.objectToByteBuffer(-1L);
    tooLongVarint[tooLongVarint.length - 1] = (byte) 0x81; // the varint never ends
    assertNull(fast.decode(tooLongVarint));
  }

  public void aMarshallerWritingOtherBytesTurnsThePathOff() {
    PersistenceMarshaller other =
        (PersistenceMarshaller)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {PersistenceMarshaller.class},
                (proxy, method, args) -> {
                  byte[] real = (byte[]) method.invoke(marshaller, args);
                  if (method.getName().equals("objectToByteBuffer") && args[0] instanceof String) {
                    real[real.length - 1] ^= 1; // differs for strings only
                  }
                  return real;
                });
    FastMarshal f = FastMarshal.matching(other);
    assertSame(f, FastMarshal.OFF);
    assertFalse(f.on());
    assertNull(f.encode(7L));
  }

  private static List<Object> values(SplittableRandom rnd, int n) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      switch (i % 4) {
        case 0 -> out.add(i % 8 == 0 ? rnd.nextLong() : rnd.nextLong(-1_000_000, 1_000_000));
        case 1 -> out.add(i % 8 == 1 ? rnd.nextInt() : rnd.nextInt(-300, 300));
        case 2 -> out.add(string(rnd));
        default -> {
          byte[] b = new byte[rnd.nextInt(i % 64 == 3 ? 20_000 : 300)];
          for (int k = 0; k < b.length; k++) b[k] = (byte) rnd.nextInt();
          out.add(b);
        }
      }
    }
    return out;
  }

  /** ASCII, Latin-1, BMP and supplementary characters, of lengths around the varint steps. */
  private static String string(SplittableRandom rnd) {
    int len = rnd.nextInt(rnd.nextBoolean() ? 20 : 300);
    StringBuilder b = new StringBuilder();
    while (b.length() < len) {
      switch (rnd.nextInt(4)) {
        case 0 -> b.append((char) rnd.nextInt(32, 127));
        case 1 -> b.append((char) rnd.nextInt(0xa0, 0x100));
        case 2 -> b.append((char) rnd.nextInt(0x100, 0xd800));
        default -> b.appendCodePoint(rnd.nextInt(0x10000, 0x110000));
      }
    }
    return b.toString();
  }

  private static String describe(Object v) {
    return v instanceof byte[] b
        ? "byte[" + b.length + "]"
        : v.getClass().getSimpleName() + " " + v;
  }
}
