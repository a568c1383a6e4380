package org.jnvm.crucial.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/** A system under test for the latency rows: its name and its operations, by name. */
record Target(String system, Map<String, Latency.Op> ops) {
  static Target of(String system, Latency.Op get, Latency.Op put, Latency.Op incr) {
    Map<String, Latency.Op> m = new LinkedHashMap<>();
    m.put("get 1 KB", get);
    m.put("put 1 KB", put);
    m.put("counter increment", incr);
    return new Target(system, m);
  }
}
