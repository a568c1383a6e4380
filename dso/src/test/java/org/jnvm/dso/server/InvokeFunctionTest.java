package org.jnvm.dso.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Optional;
import org.infinispan.functional.EntryView.ReadWriteEntryView;
import org.infinispan.functional.MetaParam;
import org.infinispan.metadata.Metadata;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Codec;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.TypeRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The primary's outcome shipped to the backups: a backup at the version the primary read copies the
 * primary's box without running the method; any other backup runs the request.
 */
class InvokeFunctionTest {
  private static final String TYPE = CountingCell.class.getName();

  @BeforeAll
  static void register() {
    TypeRegistry.register(CountingCell.class);
  }

  @Test
  void aBackupAtThePrimarysVersionCopiesItsWriteWithoutRunningTheMethod() throws Exception {
    View primary = new View();
    View backup = new View();
    for (int seq = 1; seq <= 3; seq++) {
      InvokeFunction f = new InvokeFunction(add(seq, 10));
      int runs = CountingCell.RUNS.get();
      byte[] reply = f.apply(primary);
      assertEquals(runs + 1, CountingCell.RUNS.get());
      byte[] backupReply = travel(f).apply(backup);
      assertEquals(runs + 1, CountingCell.RUNS.get(), "the backup ran the method, call " + seq);
      assertArrayEquals(primary.value, backup.value);
      assertArrayEquals(reply, backupReply);
      assertEquals(10L * seq, result(reply));
      assertEquals(seq, Box.versionOf(backup.value));
    }
  }

  @Test
  void aBackupAtAnotherVersionRunsTheRequestOnItsOwnBox() throws Exception {
    View primary = new View();
    View behind = new View();
    new InvokeFunction(add(1, 5)).apply(primary);
    InvokeFunction second = new InvokeFunction(add(2, 7));
    second.apply(primary);
    int runs = CountingCell.RUNS.get();
    byte[] reply = travel(second).apply(behind); // it never saw the first call
    assertEquals(runs + 1, CountingCell.RUNS.get());
    assertEquals(7L, result(reply));
    assertEquals(1, Box.versionOf(behind.value));
  }

  @Test
  void aRetryCarryingAnEarlierOutcomeIsAnsweredFromTheTable() throws Exception {
    View v = new View();
    InvokeFunction first = new InvokeFunction(add(1, 5));
    byte[] reply = first.apply(v);
    new InvokeFunction(add(8, 1, 1)).apply(v); // another session's call moved the box on
    byte[] afterSecond = v.value.clone();
    int runs = CountingCell.RUNS.get();
    byte[] again = travel(first).apply(v);
    assertEquals(runs, CountingCell.RUNS.get());
    assertArrayEquals(reply, again);
    assertArrayEquals(
        afterSecond, v.value, "the retry's shipped box must not overwrite a newer one");
  }

  @Test
  void aFunctionMarshalledBeforeItRanCarriesNoOutcome() throws Exception {
    InvokeFunction f = travel(new InvokeFunction(add(1, 3)));
    assertNull(f.shipped());
    View v = new View();
    f.apply(v);
    assertNotNull(f.shipped());
    assertEquals(Box.NONE, f.shipped().before());
    assertArrayEquals(v.value, f.shipped().box());
  }

  @Test
  void aReadThatWritesNothingShipsNoBox() throws Exception {
    View primary = new View();
    View backup = new View();
    InvokeFunction create = new InvokeFunction(add(1, 4));
    create.apply(primary);
    travel(create).apply(backup);
    CallRequest exists =
        new CallRequest(CallRequest.EXISTS, TYPE, "k", true, 7, 2, 0, "", new byte[0], null);
    InvokeFunction f = new InvokeFunction(exists);
    f.apply(primary);
    assertNull(f.shipped().box());
    byte[] before = backup.value.clone();
    travel(f).apply(backup);
    assertArrayEquals(before, backup.value);
    assertEquals(0, backup.sets - 1, "only the creating call wrote the backup");
  }

  @Test
  void aBackupAtTheSameVersionWithOtherContentRunsTheRequest() throws Exception {
    View primary = new View();
    View backup = new View();
    new InvokeFunction(add(1, 5)).apply(primary);
    new InvokeFunction(add(1, 9)).apply(backup); // same version 1, other content
    InvokeFunction second = new InvokeFunction(add(2, 1));
    second.apply(primary);
    int runs = CountingCell.RUNS.get();
    byte[] reply = travel(second).apply(backup);
    assertEquals(runs + 1, CountingCell.RUNS.get(), "copied a box read from other content");
    assertEquals(10L, result(reply));
    assertEquals(2, Box.versionOf(backup.value));
  }

  @Test
  void anOutcomeOverTheShippingLimitIsLeftToTheBackupsToRerun() throws Exception {
    TypeRegistry.register(BlobCell.class);
    CallRequest touch =
        new CallRequest(
            CallRequest.INVOKE,
            BlobCell.class.getName(),
            "blob",
            true,
            7,
            1,
            0,
            "touch",
            Codec.encode(new Object[0], "args"),
            Codec.encode(new BlobCell(InvokeFunction.SHIP_LIMIT + 1), "init"));
    View primary = new View();
    View backup = new View();
    InvokeFunction f = new InvokeFunction(touch);
    f.apply(primary);
    assertNotNull(f.shipped());
    InvokeFunction received = travel(f);
    assertNull(received.shipped(), "a box over the limit travelled");
    received.apply(backup);
    assertArrayEquals(primary.value, backup.value);
  }

  @Test
  void versionOfReadsTheHeaderAndRejectsWhatIsNotABox() {
    assertEquals(Box.NONE, Box.versionOf(null));
    Box b = Box.fresh(TYPE, new byte[] {1, 2}, 41);
    b.version++;
    assertEquals(42, Box.versionOf(b.encode()));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Box.versionOf(new byte[] {1, 2, 3, 4, 5}));
    assertTrue(e.getMessage().contains("not a DSO object value"), e.getMessage());
  }

  @Test
  void aTruncatedMessageIsRefused() throws Exception {
    InvokeFunction f = new InvokeFunction(add(1, 3));
    f.apply(new View());
    byte[] whole = marshal(f);
    byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 3);
    assertThrows(IOException.class, () -> unmarshal(cut));
  }

  private static CallRequest add(long seq, long d) {
    return add(7, seq, d);
  }

  private static CallRequest add(long session, long seq, long d) {
    return new CallRequest(
        CallRequest.INVOKE,
        TYPE,
        "k",
        true,
        session,
        seq,
        0,
        "add",
        Codec.encode(new Object[] {d}, "args"),
        Codec.encode(new CountingCell(0), "init"));
  }

  private static long result(byte[] reply) {
    byte[] body = java.util.Arrays.copyOfRange(reply, 1, reply.length);
    return (Long) Outcome.decode(body).result("result");
  }

  /** The function as a backup receives it: marshalled and read back. */
  private static InvokeFunction travel(InvokeFunction f) throws Exception {
    return unmarshal(marshal(f));
  }

  private static byte[] marshal(InvokeFunction f) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(f);
    }
    return bytes.toByteArray();
  }

  private static InvokeFunction unmarshal(byte[] b) throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
      return (InvokeFunction) in.readObject();
    }
  }

  /** One replica's entry for the key. */
  private static final class View implements ReadWriteEntryView<String, byte[]> {
    byte[] value;
    int sets;

    @Override
    public String key() {
      return TYPE + "\nk";
    }

    @Override
    public byte[] get() {
      return find().orElseThrow();
    }

    @Override
    public Optional<byte[]> find() {
      return Optional.ofNullable(value);
    }

    @Override
    public Void set(byte[] v, MetaParam.Writable... metas) {
      value = v;
      sets++;
      return null;
    }

    @Override
    public Void set(byte[] v, Metadata metadata) {
      return set(v);
    }

    @Override
    public Void remove() {
      value = null;
      return null;
    }

    @Override
    public <T extends MetaParam> Optional<T> findMetaParam(Class<T> type) {
      return Optional.empty();
    }
  }
}
