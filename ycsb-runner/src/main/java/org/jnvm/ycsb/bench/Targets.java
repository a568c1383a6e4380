package org.jnvm.ycsb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jnvm.ycsb.hotrod.HotRodDB;
import org.jnvm.ycsb.infinispan.Backend;
import org.jnvm.ycsb.infinispan.Backends;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.jnvm.ycsb.jpdt.JpdtMapDB;
import org.jnvm.ycsb.map.VolatileMapDB;
import org.jnvm.ycsb.pmdk.LlplDB;

/**
 * The rows this build can run: every Infinispan {@link Backend} (the cache manager and the record
 * representation are the same, the persistence differs), the J-PDT map without Infinispan (J-NVM's
 * own ceiling) and its volatile counterpart ({@value #VOLATILE_MAP}), and the PMDK baseline.
 * File-store ratios are against {@value #FILE_STORE}, volatile ratios against {@value #VOLATILE}
 * (and the map rows' against {@value #VOLATILE_MAP}).
 */
final class Targets {
  static final String FILE_STORE = "sifs";
  static final String VOLATILE = "volatile";
  static final String VOLATILE_MAP = "volatile-map";
  static final String PMDK = "pmdk";

  private Targets() {}

  static List<Target> all() {
    List<Target> t = new ArrayList<>();
    for (Backend b : Backends.all()) {
      Map<String, String> p = Map.of(InfinispanDB.BACKEND_PROPERTY, b.name());
      t.add(
          new Target(
              b.name(),
              b.label(),
              InfinispanDB.class.getName(),
              p,
              b.supportsScan() ? p : null,
              b.optional()));
    }
    t.add(
        new Target(
            "jpdt-map",
            "J-PDT map (no Infinispan)",
            JpdtMapDB.class.getName(),
            Map.of(JpdtMapDB.MAP_PROPERTY, "hash"),
            Map.of(JpdtMapDB.MAP_PROPERTY, "ordered")));
    t.add(
        new Target(
            VOLATILE_MAP,
            "ConcurrentHashMap (no Infinispan, volatile)",
            VolatileMapDB.class.getName(),
            Map.of(),
            null));
    t.add(new Target(PMDK, "PMDK (LLPL, JNI)", LlplDB.class.getName(), Map.of(), Map.of()));
    return t;
  }

  static List<String> names() {
    return all().stream().map(Target::name).toList();
  }

  /** What a run without {@code --backends} runs: every target but the optional ones. */
  static List<String> defaults() {
    return all().stream().filter(t -> !t.optional()).map(Target::name).toList();
  }

  /** Every name, the optional ones marked, for the usage text. */
  static String described() {
    return String.join(
        ", ", all().stream().map(t -> t.name() + (t.optional() ? " (optional)" : "")).toList());
  }

  /**
   * The row {@code backend} of {@code bench --remote}: YCSB over Hot Rod to an Infinispan Server
   * cluster whose cache is kept by that backend (the servers are the child's system property
   * {@value HotRodDB#SERVERS_SYSTEM_PROPERTY}).
   */
  static Target remote(String backend) {
    return new Target(backend, "Hot Rod to " + backend, HotRodDB.class.getName(), Map.of(), null);
  }

  /** The target a child runs: over Hot Rod when the parent gave it servers, else in-process. */
  static Target forChild(String name) {
    return System.getProperty(HotRodDB.SERVERS_SYSTEM_PROPERTY) != null
        ? remote(name)
        : byName(name);
  }

  static Target byName(String name) {
    for (Target t : all()) {
      if (t.name().equals(name)) return t;
    }
    throw new IllegalArgumentException(
        "unknown backend: " + name + " (known: " + String.join(",", names()) + ")");
  }

  /** The targets named in {@code s} (comma-separated), validated. */
  static List<String> parse(String s) {
    List<String> out = new ArrayList<>();
    for (String p : s.split(",")) out.add(byName(p.trim()).name());
    return List.copyOf(out);
  }
}
