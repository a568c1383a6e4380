package org.jnvm.dso.server;

import java.io.Serializable;
import java.util.function.Function;
import org.infinispan.functional.EntryView.ReadWriteEntryView;

/**
 * Recovery: offers a box read from a node's own store to the cluster; it replaces the current value
 * only when its version is higher. Every acknowledged call reached the stores of all the object's
 * owners, so once every restarted node has offered its boxes the cluster holds, for each object,
 * the latest acknowledged state (or a later unacknowledged one).
 */
final class MergeFunction
    implements Function<ReadWriteEntryView<String, byte[]>, Boolean>, Serializable {
  private static final long serialVersionUID = 1L;

  private final byte[] offered;

  MergeFunction(byte[] offered) {
    this.offered = offered;
  }

  @Override
  public Boolean apply(ReadWriteEntryView<String, byte[]> view) {
    long mine = Box.decode(offered).version;
    Long current = view.find().map(b -> Box.decode(b).version).orElse(null);
    if (current != null && current >= mine) {
      return false;
    }
    view.set(offered);
    return true;
  }
}
