package org.jnvm.jpdt.nolock;

import java.util.BitSet;

/**
 * What became of each block of each writer: committed, aborted (by choice or by a lock conflict),
 * or not known yet. A block is named by its writer and its number; values it writes carry the name.
 */
final class Outcomes {
  private final BitSet[] committed;
  private final BitSet[] aborted;

  Outcomes(int writers) {
    committed = new BitSet[writers];
    aborted = new BitSet[writers];
    for (int i = 0; i < writers; i++) {
      committed[i] = new BitSet();
      aborted[i] = new BitSet();
    }
  }

  synchronized void committed(int writer, int block) {
    committed[writer].set(block);
  }

  synchronized void aborted(int writer, int block) {
    aborted[writer].set(block);
  }

  synchronized boolean isAborted(int writer, int block) {
    return aborted[writer].get(block);
  }

  synchronized boolean isKnown(int writer, int block) {
    return committed[writer].get(block) || aborted[writer].get(block);
  }
}
