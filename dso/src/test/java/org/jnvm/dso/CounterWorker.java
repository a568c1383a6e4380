package org.jnvm.dso;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import java.util.Base64;
import org.jnvm.dso.lib.Counter;

/**
 * A client process for the multi-process test: receives a serialized Counter reference, binds it to
 * its own client, increments it k times and prints each value it got back.
 */
public final class CounterWorker {
  private CounterWorker() {}

  public static void main(String[] args) throws Exception {
    System.setProperty("jnvm.dso.servers", args[0]);
    Counter c;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(args[1])))) {
      c = (Counter) in.readObject();
    }
    int k = Integer.parseInt(args[2]);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < k; i++) {
      out.append(c.increment()).append('\n');
    }
    System.out.print(out);
    System.out.flush();
    DsoClient.defaultClient().close();
  }
}
