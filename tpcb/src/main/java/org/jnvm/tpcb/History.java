package org.jnvm.tpcb;

/**
 * One history record: which account, teller and branch a transaction changed and by how much.
 * Stored as a short text ({@code "aid,tid,bid,delta"}) that every backend marshals the same way.
 */
record History(int account, int teller, int branch, long delta) {
  String encode() {
    return account + "," + teller + "," + branch + "," + delta;
  }

  /**
   * Parses a stored record.
   *
   * @throws IllegalArgumentException naming the key and the text if it is not a history record
   */
  static History decode(String key, Object value) {
    String[] f = value instanceof String s ? s.split(",", -1) : new String[0];
    if (f.length != 4) {
      throw new IllegalArgumentException("not a history record: key=" + key + " value=" + value);
    }
    try {
      return new History(
          Integer.parseInt(f[0]),
          Integer.parseInt(f[1]),
          Integer.parseInt(f[2]),
          Long.parseLong(f[3]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a history record: key=" + key + " value=" + value, e);
    }
  }
}
