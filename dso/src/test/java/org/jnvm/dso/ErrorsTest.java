package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import org.jnvm.dso.lib.AtomicByteArray;
import org.jnvm.dso.lib.AtomicReference;
import org.jnvm.dso.wire.Protocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each error a caller can meet, with the values named in its message. */
class ErrorsTest {
  @RegisterExtension static final SingleNode NODE = new SingleNode("errors", "s3cret");

  private static DsoClient dso;

  @BeforeAll
  static void connect() {
    dso = NODE.client();
  }

  @AfterAll
  static void disconnect() {
    dso.close();
  }

  /** Never registered on the server. */
  static final class Unregistered implements Accumulator, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public long add(double v) {
      return 0;
    }

    @Override
    public double sum() {
      return 0;
    }
  }

  /** Serializable, but not a registered value type. */
  record Point(int x, int y) implements Serializable {}

  @Test
  void clientWithoutTheTokenIsDenied() {
    try (DsoClient c =
        DsoClient.builder().servers(NODE.node().endpoint()).token("guess").connect()) {
      DsoException.Denied e = assertThrows(DsoException.Denied.class, () -> c.counter("x", false));
      assertTrue(e.getMessage().contains("token"), e.getMessage());
    }
  }

  @Test
  void unknownType() {
    DsoException.UnknownType e =
        assertThrows(
            DsoException.UnknownType.class,
            () -> dso.shared(Accumulator.class, "u", false, new Unregistered()));
    assertTrue(e.getMessage().contains(Unregistered.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("--types"), e.getMessage());
  }

  @Test
  void nonSerializableAndUnregisteredArguments() {
    AtomicReference<Object> r = dso.atomicReference("r", false, null);
    DsoException.NotSerializable e =
        assertThrows(DsoException.NotSerializable.class, () -> r.set(new Object()));
    assertTrue(
        e.getMessage().contains("argument 0") && e.getMessage().contains("java.lang.Object"),
        e.getMessage());
    Runnable lambda = () -> {};
    e = assertThrows(DsoException.NotSerializable.class, () -> r.set(lambda));
    assertTrue(e.getMessage().contains("argument 0"), e.getMessage());
    e = assertThrows(DsoException.NotSerializable.class, () -> r.set(new Point(1, 2)));
    assertTrue(e.getMessage().contains(Point.class.getName()), e.getMessage());
    e =
        assertThrows(
            DsoException.NotSerializable.class, () -> r.set(java.util.List.of(new Point(1, 2))));
    assertTrue(
        e.getMessage().contains(Point.class.getName()) && e.getMessage().contains("refused"),
        e.getMessage());
    assertEquals(null, r.get());
  }

  @Test
  void remoteExceptionKeepsTypeAndMessage() {
    AtomicByteArray a = dso.atomicByteArray("small", false, 2);
    DsoException.Remote e = assertThrows(DsoException.Remote.class, () -> a.get(5));
    assertEquals(ArrayIndexOutOfBoundsException.class.getName(), e.remoteType());
    assertTrue(e.getMessage().contains("5"), e.getMessage());
    DsoException.Remote m =
        assertThrows(DsoException.Remote.class, () -> dso.invoke(a.ref(), "noSuchMethod", 1));
    assertTrue(m.getMessage().contains("noSuchMethod"), m.getMessage());
  }

  @Test
  void noSuchObject() {
    Ref ref = new Ref(SumAccumulator.class.getName(), "never-created", true);
    Accumulator p = dso.proxy(Accumulator.class, ref);
    DsoException.NoSuchObject e = assertThrows(DsoException.NoSuchObject.class, () -> p.add(1));
    assertTrue(e.getMessage().contains("never-created"), e.getMessage());
  }

  @Test
  void unreachableServerTimesOut() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    long start = System.nanoTime();
    try (DsoClient c =
        DsoClient.builder()
            .servers("127.0.0.1:" + port)
            .callTimeout(Duration.ofSeconds(1))
            .attemptTimeout(Duration.ofMillis(200))
            .connect()) {
      DsoException.Unreachable e =
          assertThrows(DsoException.Unreachable.class, () -> c.counter("x", false));
      assertTrue(
          e.getMessage().contains("127.0.0.1:" + port) && e.getMessage().contains("1000 ms"),
          e.getMessage());
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    // gave up once the call timeout ran out, not sooner, and not never (a busy machine may add
    // seconds: the message names the timeout it applied)
    assertTrue(ms >= 1000 && ms < 60_000, "gave up after " + ms + " ms");
  }

  @Test
  void clientMeetsAServerOfAnotherVersion() throws Exception {
    try (ServerSocket fake = new ServerSocket(0)) {
      Thread t = new Thread(() -> answerHello(fake, Protocol.VERSION + 1));
      t.setDaemon(true);
      t.start();
      try (DsoClient c =
          DsoClient.builder()
              .servers("127.0.0.1:" + fake.getLocalPort())
              .callTimeout(Duration.ofSeconds(5))
              .connect()) {
        DsoException.VersionMismatch e =
            assertThrows(DsoException.VersionMismatch.class, () -> c.counter("x", false));
        assertTrue(
            e.getMessage().contains("client speaks " + Protocol.VERSION)
                && e.getMessage().contains("speaks " + (Protocol.VERSION + 1)),
            e.getMessage());
      }
    }
  }

  @Test
  void serverRefusesAClientOfAnotherVersion() throws Exception {
    String[] hp = NODE.node().endpoint().split(":");
    try (Socket s = new Socket(hp[0], Integer.parseInt(hp[1]))) {
      DataOutputStream out = new DataOutputStream(s.getOutputStream());
      out.writeInt(16);
      out.writeInt(Protocol.MAGIC);
      out.writeInt(Protocol.VERSION + 7);
      out.writeUTF("s3cret");
      out.flush();
      DataInputStream in = new DataInputStream(s.getInputStream());
      byte[] frame = Protocol.readFrame(in);
      DataInputStream r = new DataInputStream(new java.io.ByteArrayInputStream(frame));
      assertEquals(Protocol.MAGIC, r.readInt());
      assertEquals(Protocol.VERSION, r.readInt());
      assertEquals(Protocol.HELLO_VERSION, r.readByte());
      assertEquals(-1, in.read(), "the server should close the connection");
    }
  }

  private static void answerHello(ServerSocket fake, int version) {
    try (Socket s = fake.accept()) {
      DataInputStream in = new DataInputStream(s.getInputStream());
      Protocol.readFrame(in);
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      DataOutputStream w = new DataOutputStream(b);
      w.writeInt(Protocol.MAGIC);
      w.writeInt(version);
      w.writeByte(Protocol.HELLO_OK);
      w.writeUTF("fake");
      Protocol.writeFrame(new DataOutputStream(s.getOutputStream()), b.toByteArray());
      in.read();
    } catch (IOException e) {
      // the test's client went away
    }
  }
}
