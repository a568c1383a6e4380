package org.jnvm.dso.lib;

import org.jnvm.dso.objects.AtomicBooleanObject;
import org.jnvm.dso.objects.AtomicByteArrayObject;
import org.jnvm.dso.objects.AtomicIntegerObject;
import org.jnvm.dso.objects.AtomicLongObject;
import org.jnvm.dso.objects.AtomicMatrixObject;
import org.jnvm.dso.objects.AtomicReferenceObject;
import org.jnvm.dso.objects.CountDownLatchObject;
import org.jnvm.dso.objects.CounterObject;
import org.jnvm.dso.objects.CyclicBarrierObject;
import org.jnvm.dso.objects.FutureObject;
import org.jnvm.dso.objects.ListObject;
import org.jnvm.dso.objects.MapObject;
import org.jnvm.dso.objects.SemaphoreObject;
import org.jnvm.dso.wire.TypeRegistry;

/** The library's server-side types, registered on every node and client. */
public final class Library {
  private static final Class<?>[] TYPES = {
    AtomicLongObject.class,
    AtomicIntegerObject.class,
    AtomicBooleanObject.class,
    AtomicReferenceObject.class,
    AtomicByteArrayObject.class,
    CounterObject.class,
    AtomicMatrixObject.class,
    CyclicBarrierObject.class,
    CountDownLatchObject.class,
    SemaphoreObject.class,
    FutureObject.class,
    MapObject.class,
    ListObject.class
  };

  private Library() {}

  public static void registerAll() {
    for (Class<?> c : TYPES) {
      TypeRegistry.register(c);
    }
  }
}
