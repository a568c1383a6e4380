package org.jnvm.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.jnvm.core.pmem.GatewayFlags;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goal sets the running JDK's flags as a project property and as a java argument file. */
class FlagsMojoTest {
  @Test
  void setsThePropertyAndWritesTheArgumentFile(@TempDir Path dir) throws Exception {
    Properties props = new Properties();
    Path file = dir.resolve("target/jnvm.flags");
    FlagsMojo m = new FlagsMojo();
    set(m, "projectProperties", props);
    set(m, "argumentFile", file.toFile());
    m.execute();
    assertEquals(String.join(" ", GatewayFlags.forThisJdk()), props.getProperty("jnvm.flags"));
    assertEquals(GatewayFlags.forThisJdk(), Files.readAllLines(file));
  }

  private static void set(Object o, String field, Object value) throws Exception {
    Field f = o.getClass().getDeclaredField(field);
    f.setAccessible(true);
    f.set(o, value);
  }
}
