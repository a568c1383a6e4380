package org.jnvm.emulation.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The closed form of the workload's list agrees with running its operations one by one. */
class ListScheduleTest {
  @Test
  void expectedMatchesAStepByStepSimulation() {
    List<Long> list = new ArrayList<>();
    Set<Integer> removedAt = new HashSet<>();
    for (long n = 1; n <= 20_000; n++) {
      if (ListSchedule.appends(n)) {
        list.add(n);
      } else if (ListSchedule.removes(n) != 0) {
        int i = list.indexOf(ListSchedule.removes(n));
        assertTrue(i >= 0, "op " + n + " removes an absent value " + ListSchedule.removes(n));
        removedAt.add(i);
        list.remove(i);
      }
      assertEquals(list, ListSchedule.expected(n), "after op " + n);
      assertTrue(list.size() <= 2 * ListSchedule.BLOCK, "size " + list.size());
    }
    assertTrue(removedAt.size() > 3, "removals hit several positions: " + removedAt);
  }

  @Test
  void removedByInvertsRemoves() {
    for (long n = 2; n <= 2_000; n += 2) {
      long v = ListSchedule.removes(n);
      if (v != 0) assertEquals(n, ListSchedule.removedBy(v));
    }
  }
}
