package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jnvm.core.JnvmException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FormerNameIndexTest {
  @Test
  void formatThenParseGivesTheSameIndex() {
    Map<String, String> index = Map.of("a.Old", "a.New", "b.Was", "b.Is");
    assertEquals(index, FormerNameIndex.parse(FormerNameIndex.format(index), "test"));
  }

  @Test
  void aLineThatIsNotTwoNamesIsAnErrorNamingIt() {
    JnvmException e =
        assertThrows(
            JnvmException.class, () -> FormerNameIndex.parse("# c\na.Old a.New\nbroken\n", "f"));
    assertTrue(
        e.getMessage().contains("f line 3") && e.getMessage().contains("'broken'"), e.getMessage());
  }

  @Test
  void oneOldNameForTwoClassesIsAnError() {
    JnvmException e =
        assertThrows(
            JnvmException.class, () -> FormerNameIndex.parse("a.Old a.New\na.Old a.Other\n", "f"));
    assertTrue(e.getMessage().contains("a.New and a.Other"), e.getMessage());
  }

  @Test
  void resourcesOfTheLoaderThenResolversAnswer(@TempDir Path dir) throws Exception {
    Path one = write(dir.resolve("one"), "x.Old x.New\n");
    Path two = write(dir.resolve("two"), "y.Old y.New\n");
    try (URLClassLoader l = loader(one, two)) {
      assertEquals("x.New", FormerNameIndex.currentName(l, "x.Old"));
      assertEquals("y.New", FormerNameIndex.currentName(l, "y.Old"));
      String unique = "z.Old" + System.nanoTime();
      assertNull(FormerNameIndex.currentName(l, unique));
      FormerNameIndex.addResolver(n -> n.equals(unique) ? "z.New" : null);
      assertEquals("z.New", FormerNameIndex.currentName(l, unique));
    }
  }

  @Test
  void twoResourcesThatDisagreeAreAnErrorNamingBoth(@TempDir Path dir) throws Exception {
    Path one = write(dir.resolve("one"), "x.Old x.New\n");
    Path two = write(dir.resolve("two"), "x.Old x.Other\n");
    try (URLClassLoader l = loader(one, two)) {
      JnvmException e =
          assertThrows(JnvmException.class, () -> FormerNameIndex.currentName(l, "x.Old"));
      assertTrue(
          e.getMessage().contains("x.New") && e.getMessage().contains("x.Other"), e.getMessage());
    }
  }

  private static Path write(Path root, String text) throws Exception {
    Path f = root.resolve(FormerNameIndex.RESOURCE);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return root;
  }

  private static URLClassLoader loader(Path... roots) throws Exception {
    URL[] urls = new URL[roots.length];
    for (int i = 0; i < roots.length; i++) urls[i] = roots[i].toUri().toURL();
    return new URLClassLoader(urls, null);
  }
}
