package org.jnvm.codegen.api;

/** What tests call on the generated {@code Book} (an fa = "non-private" class). */
public interface Ledger {
  /** Adds {@code amount}, counts it, records it in a new entry linked first, renames the book. */
  void post(long amount, String memo);

  /** Like post, then throws: the block aborts. */
  void postThenFail(long amount, String memo);

  long balance();

  long count();

  String memo();

  /** Amounts of the entries, newest first. */
  String entries();
}
