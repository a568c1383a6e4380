package org.jnvm.tpcb;

/**
 * The bank's size and key names. TPC-B's shape per scale unit: 1 branch, 10 tellers and (by the
 * specification) 100,000 accounts; {@code accountsPerBranch} is smaller only in tests.
 *
 * <p>Keys are short strings with a one-letter kind: {@code a<i>} accounts, {@code t<i>} tellers,
 * {@code b<i>} branches, {@code h<txid>} history records, and {@link #META} the shape itself (the
 * last key populated: a bank without it was never completely loaded).
 */
record BankShape(int scale, int accountsPerBranch) {
  static final int TELLERS_PER_BRANCH = 10;
  static final int DEFAULT_ACCOUNTS_PER_BRANCH = 100_000;
  static final String META = "meta";

  BankShape {
    if (scale < 1) throw new IllegalArgumentException("scale must be >= 1: scale=" + scale);
    if (accountsPerBranch < 1) {
      throw new IllegalArgumentException(
          "accounts per branch must be >= 1: accountsPerBranch=" + accountsPerBranch);
    }
  }

  int branches() {
    return scale;
  }

  int tellers() {
    return scale * TELLERS_PER_BRANCH;
  }

  int accounts() {
    return scale * accountsPerBranch;
  }

  static String account(int i) {
    return "a" + i;
  }

  static String teller(int i) {
    return "t" + i;
  }

  static String branch(int i) {
    return "b" + i;
  }

  static String history(long txid) {
    return "h" + txid;
  }

  /** The value stored under {@link #META}, compared on every restart. */
  String describe() {
    return "scale=" + scale + " accountsPerBranch=" + accountsPerBranch;
  }
}
