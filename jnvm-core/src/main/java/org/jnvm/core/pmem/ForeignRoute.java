package org.jnvm.core.pmem;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * The public unbounded mapping of JDK 22+ (the foreign function and memory API, JEP 454): {@code
 * FileChannel.map(MapMode, long, long, Arena)} returns a {@code MemorySegment} of any length, whose
 * {@code address()} the gateway then uses as it uses any mapping. The sync modes of {@code
 * ExtendedMapMode} give MAP_SYNC as with a buffer. The segment lives in a shared arena (a heap may
 * be closed by any thread); closing the arena unmaps it. Forcing a range is {@code
 * segment.asSlice(offset, length).force()}.
 *
 * <p>The project compiles to Java 17 bytecode, so these calls are method handles found once by name
 * (public API: no flag needed). Checked on Temurin 25.0.3.
 */
final class ForeignRoute implements MapRoute {
  private static final String PROBLEM;
  private static final MethodHandle OF_SHARED;
  private static final MethodHandle MAP;
  private static final MethodHandle ADDRESS;
  private static final MethodHandle SLICE;
  private static final MethodHandle FORCE;

  static {
    MethodHandle[] h = new MethodHandle[5];
    PROBLEM = probe(h);
    OF_SHARED = h[0];
    MAP = h[1];
    ADDRESS = h[2];
    SLICE = h[3];
    FORCE = h[4];
  }

  private ForeignRoute() {}

  static MapRoute tryCreate(List<String> refused) {
    if (PROBLEM != null) {
      refused.add(PROBLEM);
      return null;
    }
    return new ForeignRoute();
  }

  private static String probe(MethodHandle[] out) {
    try {
      Class<?> arena = Class.forName("java.lang.foreign.Arena");
      Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
      MethodHandles.Lookup l = MethodHandles.publicLookup();
      out[0] =
          l.findStatic(arena, "ofShared", MethodType.methodType(arena))
              .asType(MethodType.methodType(Object.class));
      MethodType map =
          MethodType.methodType(segment, FileChannel.MapMode.class, long.class, long.class, arena);
      out[1] =
          l.findVirtual(FileChannel.class, "map", map)
              .asType(
                  MethodType.methodType(
                      Object.class,
                      FileChannel.class,
                      FileChannel.MapMode.class,
                      long.class,
                      long.class,
                      Object.class));
      out[2] =
          l.findVirtual(segment, "address", MethodType.methodType(long.class))
              .asType(MethodType.methodType(long.class, Object.class));
      out[3] =
          l.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class, long.class))
              .asType(MethodType.methodType(Object.class, Object.class, long.class, long.class));
      out[4] =
          l.findVirtual(segment, "force", MethodType.methodType(void.class))
              .asType(MethodType.methodType(void.class, Object.class));
      return null;
    } catch (Throwable e) {
      return "FileChannel.map with an Arena unavailable: " + e;
    }
  }

  @Override
  public String name() {
    return "ffm";
  }

  @Override
  public long maxSize() {
    return Long.MAX_VALUE;
  }

  @Override
  public MappedRegion map(FileChannel ch, long size, FileChannel.MapMode mode, boolean sync)
      throws IOException {
    AutoCloseable arena;
    try {
      Object created = (Object) OF_SHARED.invokeExact();
      arena = (AutoCloseable) created;
    } catch (Throwable t) {
      throw new IOException("cannot create an arena for a mapping: " + t, t);
    }
    try {
      Object segment = MAP.invokeExact(ch, mode, 0L, size, (Object) arena);
      return new Region(arena, segment, (long) ADDRESS.invokeExact(segment));
    } catch (IOException | RuntimeException | Error e) {
      closeQuietly(arena, e);
      throw e;
    } catch (Throwable t) {
      closeQuietly(arena, t);
      throw new IOException("mapping failed: " + t, t);
    }
  }

  private static void closeQuietly(AutoCloseable arena, Throwable cause) {
    try {
      arena.close();
    } catch (Exception e) {
      cause.addSuppressed(e);
    }
  }

  private record Region(AutoCloseable arena, Object segment, long address) implements MappedRegion {
    @Override
    public void force(long offset, long length) {
      try {
        Object slice = (Object) SLICE.invokeExact(segment, offset, length);
        FORCE.invokeExact(slice);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("msync failed: " + t, t);
      }
    }

    @Override
    public void unmap() {
      try {
        arena.close();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException("unmap failed: " + e, e);
      }
    }
  }
}
