package org.jnvm.dso;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Behind an interface proxy of a user-defined shared object: every interface method is a remote
 * call; equals, hashCode and toString are local and follow the {@link Ref}. Serialized, it carries
 * only the Ref and binds on arrival to the default client.
 */
final class RemoteHandler implements InvocationHandler, Serializable {
  private static final long serialVersionUID = 1L;

  private final Ref ref;
  private transient DsoClient client;

  RemoteHandler(Ref ref, DsoClient client) {
    this.ref = ref;
    this.client = client;
  }

  @Override
  public Object invoke(Object proxy, Method m, Object[] args) {
    if (m.getDeclaringClass() == Object.class) {
      switch (m.getName()) {
        case "equals":
          return sameObject(args[0]);
        case "hashCode":
          return ref.hashCode();
        default:
          return "proxy of " + ref;
      }
    }
    return call(m.getName(), args == null ? new Object[0] : args);
  }

  Object call(String method, Object[] args) {
    return client.invoke(ref, method, args);
  }

  Ref ref() {
    return ref;
  }

  /** Whether {@code other} is a proxy (interface or subclass) of the same shared object. */
  boolean sameObject(Object other) {
    return ref.equals(refOf(other));
  }

  /** The reference behind a proxy made by this package, or null. */
  static Ref refOf(Object o) {
    if (o == null) {
      return null;
    }
    if (Proxy.isProxyClass(o.getClass())) {
      return Proxy.getInvocationHandler(o) instanceof RemoteHandler h ? h.ref : null;
    }
    if (!o.getClass().getName().endsWith("$DsoProxy")) {
      return null;
    }
    try {
      Field f = o.getClass().getDeclaredField("$dso");
      f.setAccessible(true);
      return f.get(o) instanceof RemoteHandler h ? h.ref : null;
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    client = DsoClient.defaultClient();
  }
}
