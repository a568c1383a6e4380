package org.jnvm.dso;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * Base of the library's client-side objects ({@code org.jnvm.dso.lib}). An instance is either
 * <em>unbound</em> (made with {@code new}: it only holds an initial state, for a {@link Shared}
 * field) or <em>bound</em> to a shared object, whose methods it calls remotely. A bound instance is
 * a reference: serialized, it carries only its {@link Ref}, and binds on arrival to the receiving
 * JVM's {@link DsoClient#defaultClient() default client}.
 */
public abstract class SharedObject implements Serializable {
  private static final long serialVersionUID = 1L;

  private Ref ref;
  private transient DsoClient client;
  private transient Object initial;

  /** An unbound object with the given initial server-side state. */
  protected SharedObject(Object initialState) {
    this.initial = initialState;
  }

  /** This object's name; null while unbound. */
  public final Ref ref() {
    return ref;
  }

  /** The server-side state this unbound object would create. */
  final Object initialState() {
    return initial;
  }

  final void bind(DsoClient c, Ref r) {
    this.client = c;
    this.ref = r;
    this.initial = null;
  }

  /** Calls {@code method} on the shared object and returns its result. */
  protected final Object call(String method, Object... args) {
    if (ref == null) {
      throw new IllegalStateException(
          getClass().getSimpleName()
              + "."
              + method
              + " on an unbound object: bind it with DsoClient.inject (a @Shared field) or create it with a DsoClient factory");
    }
    return client.invoke(ref, method, args);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (ref != null) {
      client = DsoClient.defaultClient();
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + (ref == null ? "(unbound)" : "(" + ref + ")");
  }
}
