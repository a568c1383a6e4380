package org.jnvm.crucial.backend;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import org.jnvm.dso.CallJournal;
import org.jnvm.dso.DsoClient;

/**
 * The body of every function instance: decode the task, run it with its call journal installed,
 * encode the result. Also the encoding of tasks and results, shared by executors and backends.
 */
public final class TaskRunner {
  private TaskRunner() {}

  /**
   * Runs the serialized {@code Callable} with {@code journal} installed on this thread and returns
   * the encoded {@link TaskResult}; the task's own exceptions are part of the result.
   */
  public static byte[] run(byte[] task, CallJournal journal) {
    TaskResult r;
    try {
      Callable<?> c = (Callable<?>) decode(task);
      r = new TaskResult(DsoClient.runJournaled(journal, c), null);
    } catch (Exception | Error e) {
      r = new TaskResult(null, e);
    }
    return encodeResult(r);
  }

  /** Serializes a task or result; names the class when it cannot be serialized. */
  public static byte[] encode(Object o, String what) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    } catch (NotSerializableException e) {
      throw new IllegalArgumentException(
          what
              + " cannot be sent to a function: class "
              + e.getMessage()
              + " is not Serializable (a lambda needs a serializable target type, e.g."
              + " (Runnable & Serializable) () -> ...)",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize " + what, e);
    }
    return bytes.toByteArray();
  }

  private static byte[] encodeResult(TaskResult r) {
    try {
      return encode(r, "result");
    } catch (RuntimeException e) {
      Throwable cause = r.error() != null ? r.error() : e;
      return encode(new TaskResult(null, portable(cause)), "result");
    }
  }

  /** A serializable stand-in for an exception that is not. */
  private static RuntimeException portable(Throwable t) {
    RuntimeException p =
        new RuntimeException(
            t.getClass().getName() + ": " + t.getMessage() + " (not serializable)");
    p.setStackTrace(t.getStackTrace());
    return p;
  }

  /** Deserializes with the thread's context class loader (the application's classes). */
  public static Object decode(byte[] b) {
    try (ObjectInputStream in = new ContextObjectInputStream(new ByteArrayInputStream(b))) {
      return in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot deserialize a task or result", e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          "class " + e.getMessage() + " is not on this JVM's class path", e);
    }
  }

  /** A callable that runs a runnable and returns a fixed value; serializable when both are. */
  public record RunnableTask<T>(Runnable runnable, T value) implements Callable<T>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public T call() {
      runnable.run();
      return value;
    }
  }

  private static final class ContextObjectInputStream extends ObjectInputStream {
    ContextObjectInputStream(InputStream in) throws IOException {
      super(in);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      ClassLoader cl = Thread.currentThread().getContextClassLoader();
      if (cl != null) {
        try {
          return Class.forName(desc.getName(), false, cl);
        } catch (ClassNotFoundException e) {
          // fall back to the default resolution (primitives, bootstrap classes)
        }
      }
      return super.resolveClass(desc);
    }
  }
}
