package org.jnvm.infinispan;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.infinispan.commons.CacheConfigurationException;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.parsing.ConfigurationBuilderHolder;
import org.infinispan.configuration.parsing.ParserRegistry;
import org.infinispan.manager.EmbeddedCacheManager;
import org.jnvm.infinispan.configuration.JnvmStoreConfiguration;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationParser;
import org.testng.annotations.Test;

/**
 * The builder, the XML namespace (parser found through ServiceLoader) and the schema; every
 * misconfiguration fails when the configuration is built or the cache starts, with a message that
 * names what is wrong.
 */
@Test(groups = "unit")
public class ConfigurationTest {
  private static final String XML =
      """
      <infinispan>
        <cache-container default-cache="c">
          <local-cache name="c">
            <persistence passivation="false">
              <jnvm-store xmlns="urn:org:jnvm:infinispan:store:0.1" path="%s" size="%s"
                          mode="%s" create-if-missing="%s" preload="true"/>
            </persistence>
          </local-cache>
        </cache-container>
      </infinispan>
      """;

  private static JnvmStoreConfiguration parse(
      String path, String size, String mode, String create) {
    ConfigurationBuilderHolder h =
        new ParserRegistry().parse(String.format(XML, path, size, mode, create));
    Configuration c = h.getNamedConfigurationBuilders().get("c").build();
    return (JnvmStoreConfiguration) c.persistence().stores().get(0);
  }

  public void xmlSetsEveryAttribute() {
    JnvmStoreConfiguration s = parse("/dev/shm/x.heap", "64m", "JPFA", "false");
    assertEquals(s.path(), "/dev/shm/x.heap");
    assertEquals(s.size(), 64L << 20);
    assertEquals(s.mode(), StoreMode.JPFA);
    assertFalse(s.createIfMissing());
    assertTrue(s.preload());
    assertEquals(parse("/p", "1g", "JPDT", "true").size(), 1L << 30);
    assertEquals(parse("/p", "8388608", "jpdt", "true").mode(), StoreMode.JPDT);
  }

  public void xmlRefusesBadValuesNamingThem() {
    assertMessage(() -> parse("/p", "64q", "JPDT", "true"), "64q");
    assertMessage(() -> parse("/p", "64m", "FAST", "true"), "FAST");
    assertMessage(() -> parse("/p", "64m", "JPDT", "maybe"), "maybe");
  }

  public void schemaShipsWithTheParsersNamespace() throws Exception {
    try (InputStream in = getClass().getResourceAsStream("/schema/jnvm-infinispan-store-0.1.xsd")) {
      assertNotNull(in, "schema in the jar");
      String xsd = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(
          xsd.contains("targetNamespace=\"" + JnvmStoreConfigurationParser.NAMESPACE + "\""));
      for (String a : new String[] {"path", "size", "mode", "create-if-missing", "checksums"}) {
        assertTrue(xsd.contains("name=\"" + a + "\""), a);
      }
    }
  }

  public void checksumsAreOffByDefaultAndParsedFromXml() {
    assertFalse(parse("/p", "64m", "JPDT", "true").checksums());
    String xml =
        String.format(XML, "/p", "64m", "JPDT", "true")
            .replace("preload=\"true\"", "preload=\"true\" checksums=\"true\"");
    Configuration c =
        new ParserRegistry().parse(xml).getNamedConfigurationBuilders().get("c").build();
    assertTrue(((JnvmStoreConfiguration) c.persistence().stores().get(0)).checksums());
    assertMessage(
        () ->
            new ParserRegistry()
                .parse(xml.replace("checksums=\"true\"", "checksums=\"yes\""))
                .getNamedConfigurationBuilders()
                .get("c")
                .build(),
        "checksums must be true or false: value=\"yes\"");
  }

  public void builderRefusesChecksumsInModeJpfa() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.persistence()
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path("/dev/shm/x")
        .mode(StoreMode.JPFA)
        .checksums(true);
    assertMessage(b::build, "checksums are supported in mode JPDT only");
  }

  public void builderRefusesAMissingPath() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.persistence().addStore(JnvmStoreConfigurationBuilder.class);
    assertMessage(b::build, "heap path is required");
  }

  public void builderRefusesATooSmallHeap() {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.persistence().addStore(JnvmStoreConfigurationBuilder.class).path("/dev/shm/x").size(4096);
    assertMessage(b::build, "heap size out of range: size=4096");
  }

  public void startFailsInAMissingDirectory() {
    Path p = TestPaths.heap("nodir").resolveSibling("no-such-dir-" + ProcessHandle.current().pid());
    assertStartFails(
        p.resolve("h.heap"), StoreMode.JPDT, true, "directory of the heap does not exist");
  }

  public void startFailsOnAFileThatIsNotAHeap() throws Exception {
    Path p = TestPaths.heap("not-a-heap");
    try {
      Files.write(p, new byte[1 << 20]);
      assertStartFails(p, StoreMode.JPDT, true, "not a J-NVM heap");
    } finally {
      TestPaths.delete(p);
    }
  }

  public void startFailsOnAMissingHeapWhenItMustExist() {
    Path p = TestPaths.heap("must-exist");
    assertStartFails(p, StoreMode.JPDT, false, "create-if-missing is false");
    assertFalse(Files.exists(p), "nothing created");
  }

  public void startFailsWhenTheHeapWasWrittenInTheOtherMode() {
    Path p = TestPaths.heap("mode");
    try {
      EmbeddedCacheManager cm = Caches.manager(Caches.config(p, StoreMode.JPDT, 0, false));
      try {
        cm.getCache(Caches.NAME).put("k", "v");
      } finally {
        cm.stop();
      }
      assertStartFails(p, StoreMode.JPFA, true, "configured=JPFA heap=JPDT");
    } finally {
      TestPaths.delete(p);
    }
  }

  private static void assertStartFails(Path heap, StoreMode mode, boolean create, String expected) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.persistence()
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(16 << 20)
        .mode(mode)
        .createIfMissing(create);
    EmbeddedCacheManager cm = Caches.manager(b.build());
    try {
      Exception e = expectThrows(Exception.class, () -> cm.getCache(Caches.NAME));
      String chain = Messages.chain(e);
      assertTrue(chain.contains(expected) && chain.contains(heap.toString()), chain);
    } finally {
      cm.stop();
    }
  }

  private static void assertMessage(Runnable r, String expected) {
    Exception e = expectThrows(Exception.class, r::run);
    String chain = Messages.chain(e);
    assertTrue(chain.contains(expected), chain);
    assertTrue(
        e instanceof CacheConfigurationException || chain.contains("CacheConfiguration"), chain);
  }
}
