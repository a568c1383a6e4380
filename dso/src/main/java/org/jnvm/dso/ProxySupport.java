package org.jnvm.dso;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;

/** Entry points of generated subclass proxies ({@code org.jnvm.dso.proxy}); not for direct use. */
public final class ProxySupport {
  private ProxySupport() {}

  /** Forwards a call to the shared object behind the proxy. */
  public static Object call(InvocationHandler h, String method, Object[] args) {
    return ((RemoteHandler) h).call(method, args);
  }

  public static boolean equals(InvocationHandler h, Object other) {
    return ((RemoteHandler) h).sameObject(other);
  }

  public static int hashCode(InvocationHandler h) {
    return ((RemoteHandler) h).ref().hashCode();
  }

  public static String toString(InvocationHandler h) {
    return "proxy of " + ((RemoteHandler) h).ref();
  }

  /** What a serialized proxy becomes: its reference, re-proxied on arrival. */
  public static Object replace(InvocationHandler h, Class<?> type) {
    return new SubclassRef(((RemoteHandler) h).ref(), type.getName());
  }

  /** The serialized form of a subclass proxy. */
  private record SubclassRef(Ref ref, String type) implements Serializable {
    private Object readResolve() throws ClassNotFoundException {
      ClassLoader l = Thread.currentThread().getContextClassLoader();
      return DsoClient.defaultClient().proxy(Class.forName(type, false, l), ref);
    }
  }
}
