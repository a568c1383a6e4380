package org.jnvm.dso;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

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
          return args[0] != null
              && java.lang.reflect.Proxy.isProxyClass(args[0].getClass())
              && java.lang.reflect.Proxy.getInvocationHandler(args[0]) instanceof RemoteHandler h
              && h.ref.equals(ref);
        case "hashCode":
          return ref.hashCode();
        default:
          return "proxy of " + ref;
      }
    }
    return client.invoke(ref, m.getName(), args == null ? new Object[0] : args);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    client = DsoClient.defaultClient();
  }
}
