package org.jnvm.dso.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.dso.DsoException;

/**
 * Values to bytes and back. The common values of a call (null, {@code byte[]}, {@code Boolean},
 * {@code Integer}, {@code Long}, {@code String} and {@code Object[]} made of these) have a compact
 * binary form whose first byte is a tag below {@code 0x10}; every other value is Java serialization
 * (whose stream starts with {@code 0xAC}), and decoding it accepts only the classes {@link
 * TypeRegistry} allows, refusing the rest with the class named. Bytes written before the binary
 * form existed are Java serialization and still decode.
 */
public final class Codec {
  /** The allow-list as a filter; remembers the first class it refused, for the message. */
  private static final class Filter implements ObjectInputFilter {
    String refused;

    @Override
    public Status checkInput(FilterInfo info) {
      Class<?> c = info.serialClass();
      if (c == null) {
        return info.depth() > 64 ? Status.REJECTED : Status.UNDECIDED;
      }
      if (TypeRegistry.allows(c)) {
        return Status.ALLOWED;
      }
      if (refused == null) {
        refused = c.getName();
      }
      return Status.REJECTED;
    }
  }

  /**
   * Java deserialization that resolves each class name once per JVM. {@link ObjectInputStream}'s
   * own resolution walks the caller's stack for the latest user-defined class loader and calls
   * {@code Class.forName} for every class of every stream: about a seventh of a node's CPU for a
   * call on a shared object whose state it decodes. That loader is always this class's (the nearest
   * frame below the stream's is {@link #decode}), and a loader returns the same class for a name
   * every time, so the first resolution of a name can be kept. Failures are not kept. The
   * allow-list filter still sees every resolved class.
   */
  private static final class Input extends ObjectInputStream {
    private static final ConcurrentHashMap<String, Class<?>> RESOLVED = new ConcurrentHashMap<>();

    Input(byte[] bytes) throws IOException {
      super(new ByteArrayInputStream(bytes));
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      Class<?> c = RESOLVED.get(desc.getName());
      if (c == null) {
        c = super.resolveClass(desc);
        RESOLVED.putIfAbsent(desc.getName(), c);
      }
      return c;
    }
  }

  private Codec() {}

  static final byte NULL = 1;
  static final byte BYTES = 2;
  static final byte ARRAY = 3;
  static final byte FALSE = 4;
  static final byte TRUE = 5;
  static final byte INT = 6;
  static final byte LONG = 7;
  static final byte STRING = 8;

  /** Whether {@code v} has the binary form (depth-limited, like the decoding filter). */
  private static boolean binary(Object v, int depth) {
    if (v == null
        || v instanceof byte[]
        || v instanceof Boolean
        || v instanceof Integer
        || v instanceof Long
        || v instanceof String) {
      return true;
    }
    if (v.getClass() != Object[].class || depth > 8) {
      return false;
    }
    for (Object e : (Object[]) v) {
      if (!binary(e, depth + 1)) {
        return false;
      }
    }
    return true;
  }

  private static int size(Object v) {
    if (v == null || v instanceof Boolean) {
      return 1;
    }
    if (v instanceof byte[] b) {
      return 5 + b.length;
    }
    if (v instanceof Integer) {
      return 5;
    }
    if (v instanceof Long) {
      return 9;
    }
    if (v instanceof String s) {
      return 5 + 3 * s.length();
    }
    int n = 5;
    for (Object e : (Object[]) v) {
      n += size(e);
    }
    return n;
  }

  private static int write(Object v, ByteBuffer out) {
    if (v == null) {
      out.put(NULL);
    } else if (v instanceof byte[] b) {
      out.put(BYTES).putInt(b.length).put(b);
    } else if (v instanceof Boolean b) {
      out.put(b ? TRUE : FALSE);
    } else if (v instanceof Integer i) {
      out.put(INT).putInt(i);
    } else if (v instanceof Long l) {
      out.put(LONG).putLong(l);
    } else if (v instanceof String s) {
      byte[] u = s.getBytes(StandardCharsets.UTF_8);
      out.put(STRING).putInt(u.length).put(u);
    } else {
      Object[] a = (Object[]) v;
      out.put(ARRAY).putInt(a.length);
      for (Object e : a) {
        write(e, out);
      }
    }
    return out.position();
  }

  private static Object read(ByteBuffer in, String what, int depth) {
    byte tag = in.get();
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return Boolean.FALSE;
      case TRUE:
        return Boolean.TRUE;
      case INT:
        return in.getInt();
      case LONG:
        return in.getLong();
      case BYTES:
        {
          byte[] b = new byte[length(in, what)];
          in.get(b);
          return b;
        }
      case STRING:
        {
          int n = length(in, what);
          String s = new String(in.array(), in.position(), n, StandardCharsets.UTF_8);
          in.position(in.position() + n);
          return s;
        }
      case ARRAY:
        {
          if (depth > 8) {
            throw new DsoException.NotSerializable(what + " refused: arrays nested too deep", null);
          }
          // each element takes at least one byte: a length beyond what is left is corrupt
          Object[] a = new Object[length(in, what)];
          for (int i = 0; i < a.length; i++) {
            a[i] = read(in, what, depth + 1);
          }
          return a;
        }
      default:
        throw new DsoException.NotSerializable(
            what + " refused: unknown encoding tag 0x" + Integer.toHexString(tag & 0xff), null);
    }
  }

  private static int length(ByteBuffer in, String what) {
    int n = in.getInt();
    if (n < 0 || n > in.remaining()) {
      throw new DsoException.NotSerializable(
          what + " refused: length " + n + " exceeds the " + in.remaining() + " bytes left", null);
    }
    return n;
  }

  /**
   * Encodes {@code value}; {@code what} names it in the error ("argument 1 of AtomicLong.set").
   *
   * @throws DsoException.NotSerializable naming the value's type and the class that failed
   */
  public static byte[] encode(Object value, String what) {
    if (binary(value, 0)) {
      ByteBuffer out = ByteBuffer.allocate(size(value));
      int n = write(value, out);
      return n == out.capacity() ? out.array() : Arrays.copyOf(out.array(), n);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (NotSerializableException e) {
      throw new DsoException.NotSerializable(
          what
              + " cannot be sent: type "
              + value.getClass().getName()
              + " is not serializable (class "
              + e.getMessage()
              + ")",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Decodes bytes made by {@link #encode}, accepting only allowed classes.
   *
   * @throws DsoException.NotSerializable when a class is not allowed or cannot be loaded
   */
  public static Object decode(byte[] bytes, String what) {
    if (bytes.length == 0) {
      throw new DsoException.NotSerializable(what + " refused: no bytes", null);
    }
    if (bytes[0] != (byte) 0xAC) {
      ByteBuffer in = ByteBuffer.wrap(bytes);
      Object v;
      try {
        v = read(in, what, 0);
      } catch (BufferUnderflowException e) {
        throw new DsoException.NotSerializable(what + " refused: truncated", e);
      }
      if (in.hasRemaining()) {
        throw new DsoException.NotSerializable(
            what + " refused: " + in.remaining() + " bytes after the value", null);
      }
      return v;
    }
    Filter filter = new Filter();
    try (ObjectInputStream in = new Input(bytes)) {
      in.setObjectInputFilter(filter);
      return in.readObject();
    } catch (InvalidClassException e) {
      throw new DsoException.NotSerializable(
          what
              + " refused: class "
              + (filter.refused != null ? filter.refused : e.classname)
              + " is not registered as a DSO type (register it on every server and client: "
              + "TypeRegistry.register or dso-server --types)",
          e);
    } catch (ClassNotFoundException e) {
      throw new DsoException.NotSerializable(
          what + " refused: class " + e.getMessage() + " is not on this JVM's class path", e);
    } catch (IOException e) {
      throw new UncheckedIOException(what + " could not be decoded", e);
    }
  }
}
