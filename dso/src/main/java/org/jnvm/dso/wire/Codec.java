package org.jnvm.dso.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import org.jnvm.dso.DsoException;

/**
 * Values to bytes and back. Encoding is Java serialization; decoding accepts only the classes
 * {@link TypeRegistry} allows, and refuses the rest with the class named.
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

  private Codec() {}

  /**
   * Encodes {@code value}; {@code what} names it in the error ("argument 1 of AtomicLong.set").
   *
   * @throws DsoException.NotSerializable naming the value's type and the class that failed
   */
  public static byte[] encode(Object value, String what) {
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
    Filter filter = new Filter();
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
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
