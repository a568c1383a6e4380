package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * A hand-written proxy with sixteen long fields, announcing each store to the hooks as generated
 * code does. The payload spans three cache lines (the 8-byte header comes first).
 *
 * <pre>
 *   payload 0      8      16            120    128
 *   +------+------+-- ... --+------+
 *   | f0   | f1   |         | f15  |
 *   +------+------+-- ... --+------+
 * </pre>
 */
public final class Wide extends PObject {
  public static final int FIELDS = 16;

  public static final PersistentClass<Wide> TYPE =
      PersistentClass.builder(Wide.class.getName(), (h, a) -> new Wide(h, a, null))
          .fixedSize(FIELDS * 8)
          .layout("f0..f15:long@0..120")
          .build();

  public Wide(Heap heap) {
    super(heap, TYPE);
  }

  private Wide(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long get(int i) {
    return getLong(8L * i);
  }

  /** Field {@code i} through the hook: logged when inside a block. */
  public void set(int i, long v) {
    Hooks.beforeStore(this, 8L * i, 8);
    setLong(8L * i, v);
  }

  /** Field {@code i} without the hook: the low-level way, for baselines. */
  public void setRaw(int i, long v) {
    setLong(8L * i, v);
  }

  /** Writes back the lines holding fields 0 to n - 1. */
  public void pwbFields(int n) {
    org.jnvm.core.pmem.Pmem.pwb(fieldAddress(0), 8L * n);
  }
}
