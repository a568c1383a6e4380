package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;

/**
 * What generated (and hand-written) proxies call so that their code runs in failure-atomic blocks.
 * This is the whole contract between jnvm-codegen and jpfa.
 *
 * <p><b>Stores.</b> Before a store of {@code n} bytes at absolute address {@code a} of a persistent
 * object, call {@link #beforeStore(long, long) beforeStore(a, n)}; then store through the proxy's
 * accessor as usual (no write-back, no fence). Inside a block this logs the lines not logged yet;
 * outside a block it does nothing (the store is then a plain low-level store, durable only once
 * written back and fenced). {@link #beforeStore(PObject, long, long)} does the same from a payload
 * offset, and logs the rest of a small object at once when a block reaches a second line of it (see
 * {@link #WHOLE_OBJECT_BYTES}): prefer it when the object is at hand. Reads need nothing.
 * Allocation and {@link Heap#free} need nothing either: the heap reports them to jpfa itself.
 *
 * <pre>{@code
 * void balance(long v) {
 *   Hooks.beforeStore(this, BALANCE, 8);
 *   setLong(BALANCE, v);
 * }
 * }</pre>
 *
 * <p><b>Methods.</b> To make a method failure-atomic, wrap its body so that:
 *
 * <pre>{@code
 * Hooks.enter(heap());           // before the try: a refused enter is not an abort
 * try {
 *   ... original body; every return stores its value in a local and jumps past the handler ...
 * } catch (Throwable t) {
 *   Hooks.abort(t);              // rolls the outermost block back (once), then
 *   throw t;                     // the original exception goes on unchanged
 * }
 * Hooks.exit();                  // after the try, before returning: the outermost block commits
 * return result;
 * }</pre>
 *
 * {@link Hooks#exit} must not be inside the try: an exception from the commit itself must not be
 * taken for an exception of the body. Calls must pair per thread; blocks nest by flattening.
 */
public final class Hooks {
  /**
   * Objects of at most this many bytes (header included: four lines) are logged whole as soon as a
   * block, through {@link #beforeStore(PObject, long, long)}, stores to a second line of theirs: an
   * update of several of their lines costs two undo fences at most, where logging line by line
   * costs one per line, and an update of one line logs that line only. Larger objects (arrays,
   * blobs) are logged line by line.
   */
  public static final int WHOLE_OBJECT_BYTES = 4 * 64;

  private Hooks() {}

  /** Opens a block on {@code heap}, or one more nesting level of the current block. */
  public static void enter(Heap heap) {
    Block.current().enter(heap);
  }

  /** Closes a nesting level normally; closing the outermost one commits the block. */
  public static void exit() {
    Block.current().exit();
  }

  /**
   * Closes a nesting level because {@code t} escaped it; the first abort of a block rolls back the
   * whole outermost block. The caller rethrows {@code t}.
   */
  public static void abort(Throwable t) {
    Block.current().abort(t);
  }

  /** Announces a store of {@code bytes} bytes at absolute address {@code address}. */
  public static void beforeStore(long address, long bytes) {
    Block.current().beforeStore(address, bytes);
  }

  /**
   * Announces a store of {@code bytes} bytes at payload offset {@code fieldOffset} of {@code o}.
   */
  public static void beforeStore(PObject o, long fieldOffset, long bytes) {
    Block.current().beforeStore(o, fieldOffset, bytes);
  }

  /** True if this thread is inside a block (stores will be logged). */
  public static boolean inBlock() {
    return Block.current().inBlock();
  }
}
