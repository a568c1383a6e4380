package org.jnvm.jpdt;

import static org.jnvm.jpdt.PStringLayout.LATIN1;
import static org.jnvm.jpdt.PStringLayout.UTF16;

import java.nio.charset.StandardCharsets;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * An immutable persistent string, stored compactly (one byte per char when every char is below 256,
 * else two; see {@link PStringLayout}) and written with one bulk copy.
 *
 * <p>Equivalence with {@link String}: {@link #hashCode()} is the hash {@code String} computes for
 * the same chars, {@link #contentEquals(CharSequence)} compares with any char sequence, and {@link
 * #compareTo} orders as {@link String#compareTo} does. {@link #equals} stays symmetric: a {@code
 * PString} equals only another {@code PString} with the same chars (of any heap). Containers look
 * up {@code PString} keys with a {@code String} through {@link PTypes#pstrings()} and {@link
 * PTypes#strings()}.
 *
 * <p>Durability: the public constructors write the string back and fence, so it can be published
 * (stored in a durable reference) as soon as they return. Nothing mutates a published string.
 */
public final class PString extends PObject implements CharSequence, Comparable<PString> {
  public static final PersistentClass<PString> TYPE =
      PersistentClass.builder("org.jnvm.jpdt.PString", (h, a) -> new PString(h, a, null))
          .layout("hash:int@0 length:int@4 coder:byte@8 data@12")
          .build();

  /** A durable copy of {@code s} in the default heap ({@link JNVM#heap()}). */
  public PString(String s) {
    this(JNVM.heap(), s);
  }

  /** A durable copy of {@code s} in {@code heap}. */
  public PString(Heap heap, String s) {
    this(heap, s, coderOf(s));
    Pmem.pfence();
  }

  /** A durable copy of {@code other} (of any heap) in {@code heap}: one bulk copy of its bytes. */
  public PString(Heap heap, PString other) {
    super(heap, TYPE, PStringLayout.payloadSize(other.length(), other.coder()));
    Pmem.copy(other.fieldAddress(0), fieldAddress(0), other.payloadSize());
    persist();
  }

  /** Writes {@code s} and writes the object back, without fencing. */
  private PString(Heap heap, String s, byte coder) {
    super(heap, TYPE, PStringLayout.payloadSize(s.length(), coder));
    long a = address();
    PStringLayout.hash(a, s.hashCode());
    PStringLayout.length(a, s.length());
    PStringLayout.coder(a, coder);
    byte[] b = coder == LATIN1 ? s.getBytes(StandardCharsets.ISO_8859_1) : utf16(s);
    Pmem.write(b, 0, PStringLayout.data(a), b.length);
    pwbObject();
  }

  private PString(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    if (Pmem.CHECKS) checkHeader();
  }

  /**
   * A copy of {@code s} in {@code heap}, written back but not fenced: for containers that publish
   * several new objects behind one fence.
   */
  static PString unfenced(Heap heap, String s) {
    return new PString(heap, s, coderOf(s));
  }

  @Override
  public int length() {
    return PStringLayout.length(address());
  }

  @Override
  public char charAt(int index) {
    int n = length();
    if (index < 0 || index >= n) {
      throw new StringIndexOutOfBoundsException("index " + index + ", length " + n);
    }
    long data = PStringLayout.data(address());
    return coder() == LATIN1
        ? (char) (Pmem.getByte(data + index) & 0xff)
        : Pmem.getChar(data + 2L * index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return toString().substring(start, end);
  }

  /** The chars, as a volatile {@code String}. */
  @Override
  public String toString() {
    return stringAt(address());
  }

  /** The chars of the string object at address {@code a}, as a volatile {@code String}. */
  static String stringAt(long a) {
    byte[] b =
        Pmem.readBytes(PStringLayout.data(a), PStringLayout.length(a) << PStringLayout.coder(a));
    if (PStringLayout.coder(a) == LATIN1) return new String(b, StandardCharsets.ISO_8859_1);
    char[] c = new char[b.length / 2];
    for (int i = 0; i < c.length; i++) {
      c[i] = (char) ((b[2 * i] & 0xff) | (b[2 * i + 1] & 0xff) << 8);
    }
    return new String(c);
  }

  /** Same as {@code toString().hashCode()}, read from the object (computed once, at creation). */
  @Override
  public int hashCode() {
    return PStringLayout.hash(address());
  }

  /** True for a {@code PString} (of any heap) with the same chars; never for a {@code String}. */
  @Override
  public boolean equals(Object o) {
    return o instanceof PString p && contentEquals(p);
  }

  /** True if {@code cs} holds the same chars; compares in place, without decoding. */
  public boolean contentEquals(CharSequence cs) {
    if (cs instanceof PString p) return samePersistentContent(p);
    return contentEqualsAt(address(), cs);
  }

  /**
   * {@link #contentEquals} for the string object at address {@code a} and a sequence that is not a
   * {@code PString}: compares in place, without a proxy.
   */
  static boolean contentEqualsAt(long a, CharSequence cs) {
    int n = PStringLayout.length(a);
    if (cs.length() != n) return false;
    if (cs instanceof String s && s.hashCode() != PStringLayout.hash(a)) return false;
    long data = PStringLayout.data(a);
    if (PStringLayout.coder(a) == LATIN1) {
      for (int i = 0; i < n; i++) {
        if ((Pmem.getByte(data + i) & 0xff) != cs.charAt(i)) return false;
      }
    } else {
      for (int i = 0; i < n; i++) {
        if (Pmem.getChar(data + 2L * i) != cs.charAt(i)) return false;
      }
    }
    return true;
  }

  /**
   * The key image of the string object at {@code a} ({@link PType#image}): its bytes if it is
   * Latin-1 and at most {@link PType#IMAGE_BYTES} chars long, else -1.
   */
  static int imageAt(long a, long[] dst) {
    if (PStringLayout.coder(a) != LATIN1) return -1;
    return Bytes.image(PStringLayout.data(a), PStringLayout.length(a), dst);
  }

  /** Orders by chars (UTF-16 code units), as {@link String#compareTo} does. */
  @Override
  public int compareTo(PString o) {
    return compare(this, o);
  }

  /** Compares two char sequences lexicographically by UTF-16 code unit, as String does. */
  public static int compare(CharSequence a, CharSequence b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) return x - y;
    }
    return a.length() - b.length();
  }

  byte coder() {
    return PStringLayout.coder(address());
  }

  private boolean samePersistentContent(PString p) {
    if (p.address() == address() && p.heap() == heap()) return true;
    long a = address();
    long b = p.address();
    if (PStringLayout.hash(a) != PStringLayout.hash(b)
        || PStringLayout.length(a) != PStringLayout.length(b)
        || PStringLayout.coder(a) != PStringLayout.coder(b)) {
      return false;
    }
    return Bytes.equal(PStringLayout.data(a), PStringLayout.data(b), dataLength());
  }

  private int dataLength() {
    return length() << coder();
  }

  private void checkHeader() {
    checkHeader(heap(), address());
  }

  /** Fails unless the header of the string object at {@code a} agrees with its size. */
  static void checkHeader(Heap heap, long a) {
    int n = PStringLayout.length(a);
    byte c = PStringLayout.coder(a);
    int size = ObjectLayout.size(a);
    if (n < 0 || (c != LATIN1 && c != UTF16) || PStringLayout.payloadSize(n, c) != size) {
      throw new HeapCorruptException(
          "PString header does not match its size: length="
              + n
              + " coder="
              + c
              + " payload="
              + size
              + " offset=0x"
              + Long.toHexString(a - heap.base())
              + " file="
              + heap.file());
    }
  }

  private static byte coderOf(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      if (s.charAt(i) > 0xff) return UTF16;
    }
    return LATIN1;
  }

  /** Chars as little-endian pairs; any char, unpaired surrogates included, is kept as is. */
  private static byte[] utf16(String s) {
    byte[] b = new byte[2 * s.length()];
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b[2 * i] = (byte) c;
      b[2 * i + 1] = (byte) (c >>> 8);
    }
    return b;
  }
}
