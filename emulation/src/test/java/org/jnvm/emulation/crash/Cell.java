package org.jnvm.emulation.crash;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * A toy persistent object spanning two cache lines, for the simulator's self-test.
 *
 * <pre>
 *   payload 0      8      16     24          56     64       72
 *   +------+------+------+-----------+------+--------+------+
 *   | data | recA | recB |   ...     |      | valid  | ref  |   (line 0 | line 1)
 *   +------+------+------+-----------+------+--------+------+
 * </pre>
 *
 * The header takes the first 8 bytes of line 0, so payload 0..55 is line 0 and 56.. is line 1.
 */
public final class Cell extends PObject {
  static final int DATA = 0;
  static final int REC_A = 8;
  static final int REC_B = 16;
  static final int VALID = 56;
  static final int REF = 64;
  static final int SIZE = 72;

  static final PersistentClass<Cell> TYPE =
      PersistentClass.builder(Cell.class.getName(), (h, a) -> new Cell(h, a, null))
          .fixedSize(SIZE)
          .refs(REF)
          .layout("data@0 recA@8 recB@16 valid@56 ref@64")
          .build();

  Cell(Heap heap) {
    super(heap, TYPE);
  }

  private Cell(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  long get(int off) {
    return getLong(off);
  }

  void set(int off, long v) {
    setLong(off, v);
  }

  void pwb(int off) {
    pwbField(off);
  }

  <T extends PObject> T ref() {
    return getRef(REF);
  }

  void ref(PObject o) {
    setRef(REF, o);
  }

  static void fence() {
    Pmem.pfence();
  }
}
