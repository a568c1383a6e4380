package org.jnvm.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the engine reads classes that are not being transformed (supertypes, field types): class
 * files are only read, never loaded or initialised.
 */
@FunctionalInterface
public interface ClassLookup {
  /** The class file of {@code internalName}, or null if there is none. */
  byte[] find(String internalName);

  /** Class files visible to {@code loader} as resources. */
  static ClassLookup of(ClassLoader loader) {
    return name -> {
      try (InputStream in = loader.getResourceAsStream(name + ".class")) {
        return in == null ? null : in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read class " + name, e);
      }
    };
  }

  /**
   * Class files on {@code classPath} (directories and jars), then those of the JDK and of the
   * engine itself (J-NVM's own classes: core, jpfa, jpdt).
   */
  static ClassLookup of(List<Path> classPath) {
    URL[] urls = new URL[classPath.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = classPath.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("bad class path entry: " + classPath.get(i), e);
      }
    }
    ClassLookup user = of(new URLClassLoader(urls, null));
    ClassLookup own = of(ClassLookup.class.getClassLoader());
    return name -> {
      byte[] b = user.find(name);
      return b != null ? b : own.find(name);
    };
  }
}
