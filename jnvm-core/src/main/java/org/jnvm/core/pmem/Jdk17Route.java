package org.jnvm.core.pmem;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * JDK 17's own unbounded mapping: {@code sun.nio.ch.FileChannelImpl.mapInternal(MapMode, long,
 * long)}, the method JDK 17's incubating foreign API maps files with. It checks the arguments,
 * calls the private native {@code map0(prot, position, length, isSync)} (MAP_SHARED, with MAP_SYNC
 * for the sync modes), retries once after a GC when the address space is exhausted, and returns an
 * {@code Unmapper} holding the address, the file descriptor and {@code unmap()} (which calls {@code
 * unmap0}). No length limit beyond the file's and the address space's.
 *
 * <p>Reached through {@link MethodHandles#privateLookupIn}, which needs {@code --add-opens
 * java.base/sun.nio.ch=ALL-UNNAMED}. Forcing a range (msync, or the JDK's line write-back on a
 * MAP_SYNC mapping) goes through {@code jdk.internal.misc.ScopedMemoryAccess.force} with no scope,
 * the call MappedByteBuffer.force makes, reached through the {@code jdk.internal.misc} opening the
 * gateway already needs. Only JDK 17 is claimed: the signatures were checked with {@code javap} on
 * 17.0.15, and JDK 18-21 changed these internals.
 */
final class Jdk17Route implements MapRoute {
  private static final String PROBLEM;
  private static final MethodHandle MAP;
  private static final MethodHandle ADDRESS;
  private static final MethodHandle FD;
  private static final MethodHandle UNMAP;
  private static final MethodHandle FORCE;

  static {
    MethodHandle[] h = new MethodHandle[5];
    PROBLEM = probe(h);
    MAP = h[0];
    ADDRESS = h[1];
    FD = h[2];
    UNMAP = h[3];
    FORCE = h[4];
  }

  private Jdk17Route() {}

  static MapRoute tryCreate(List<String> refused) {
    if (PROBLEM != null) {
      refused.add(PROBLEM);
      return null;
    }
    return new Jdk17Route();
  }

  private static String probe(MethodHandle[] out) {
    try {
      Class<?> impl = Class.forName("sun.nio.ch.FileChannelImpl");
      Class<?> unmapper = Class.forName("sun.nio.ch.FileChannelImpl$Unmapper");
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(impl, MethodHandles.lookup());
      MethodType map =
          MethodType.methodType(unmapper, FileChannel.MapMode.class, long.class, long.class);
      out[0] =
          l.findVirtual(impl, "mapInternal", map)
              .asType(
                  MethodType.methodType(
                      Object.class,
                      FileChannel.class,
                      FileChannel.MapMode.class,
                      long.class,
                      long.class));
      out[1] = getter(l, unmapper, "address", long.class);
      out[2] = getter(l, unmapper, "fileDescriptor", FileDescriptor.class);
      out[3] = getter(l, unmapper, "unmap", void.class);
      out[4] = forceHandle();
      return null;
    } catch (IllegalAccessException e) {
      return "JDK 17 mappings over 2 GiB need --add-opens java.base/sun.nio.ch=ALL-UNNAMED";
    } catch (Throwable e) {
      return "JDK 17 internal mapping unavailable: " + e;
    }
  }

  private static MethodHandle getter(MethodHandles.Lookup l, Class<?> c, String name, Class<?> type)
      throws ReflectiveOperationException {
    return l.findVirtual(c, name, MethodType.methodType(type))
        .asType(MethodType.methodType(type, Object.class));
  }

  /** {@code ScopedMemoryAccess.force(null, fd, address, isSync, index, length)}. */
  private static MethodHandle forceHandle() throws Throwable {
    Class<?> sma = Class.forName("jdk.internal.misc.ScopedMemoryAccess");
    Class<?> scope = Class.forName("jdk.internal.misc.ScopedMemoryAccess$Scope");
    MethodHandles.Lookup l = MethodHandles.privateLookupIn(sma, MethodHandles.lookup());
    Object instance =
        l.findStatic(sma, "getScopedMemoryAccess", MethodType.methodType(sma)).invoke();
    MethodType t =
        MethodType.methodType(
            void.class,
            scope,
            FileDescriptor.class,
            long.class,
            boolean.class,
            long.class,
            long.class);
    return MethodHandles.insertArguments(l.findVirtual(sma, "force", t), 0, instance, null);
  }

  @Override
  public String name() {
    return "jdk17-internal";
  }

  @Override
  public long maxSize() {
    return Long.MAX_VALUE;
  }

  @Override
  public MappedRegion map(FileChannel ch, long size, FileChannel.MapMode mode, boolean sync)
      throws IOException {
    Object unmapper;
    long address;
    FileDescriptor fd;
    try {
      unmapper = MAP.invokeExact(ch, mode, 0L, size);
      address = (long) ADDRESS.invokeExact(unmapper);
      fd = (FileDescriptor) FD.invokeExact(unmapper);
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IOException("JDK 17 internal mapping failed: " + t, t);
    }
    return new Region(unmapper, address, fd, sync);
  }

  private record Region(Object unmapper, long address, FileDescriptor fd, boolean sync)
      implements MappedRegion {
    @Override
    public void force(long offset, long length) {
      try {
        FORCE.invokeExact(fd, address, sync, offset, length);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("msync failed: " + t, t);
      }
    }

    @Override
    public void unmap() {
      try {
        UNMAP.invokeExact(unmapper);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("unmap failed: " + t, t);
      }
    }
  }
}
