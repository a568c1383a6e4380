package org.jnvm.codegen.corpus;

import org.jnvm.codegen.api.Kinds;
import org.jnvm.core.annotation.Persistent;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PLongArray;
import org.jnvm.jpdt.PString;

/** Every supported field kind once, plus a transient and a static field. */
@Persistent
public class AllKinds implements Kinds {
  static int created; // static: untouched

  boolean z;
  byte b;
  short s;
  char c;
  int i;
  float f;
  long j;
  double d;
  String text;
  AllKinds other;
  PString p;
  PLongArray longs;
  transient int count; // volatile

  public AllKinds() {
    created++;
  }

  public AllKinds(int seed) {
    this();
    fill(seed);
  }

  @Override
  public void fill(int seed) {
    z = seed % 2 == 1;
    b = (byte) -seed;
    s = (short) (seed * -1000);
    c = (char) ('\u20ac' + seed);
    i = Integer.MIN_VALUE + seed;
    f = seed + 0.5f;
    j = Long.MAX_VALUE - seed;
    d = Math.PI * seed;
  }

  @Override
  public String describe() {
    return z + " " + b + " " + s + " " + (int) c + " " + i + " " + f + " " + j + " " + d;
  }

  @Override
  public void text(String t) {
    text = t;
  }

  @Override
  public String text() {
    return text;
  }

  @Override
  public void link(Object o) {
    other = (AllKinds) o;
  }

  @Override
  public Object link() {
    return other;
  }

  @Override
  public void pstring(PString v) {
    p = v;
  }

  @Override
  public PString pstring() {
    return p;
  }

  @Override
  public void longs(PLongArray a) {
    longs = a;
  }

  @Override
  public PLongArray longs() {
    return longs;
  }

  @Override
  public int volatileCount() {
    return count;
  }

  @Override
  public void volatileCount(int v) {
    count = v;
  }

  @Override
  public PObject self() {
    return (PObject) (Object) this;
  }

  public static int created() {
    return created;
  }
}
