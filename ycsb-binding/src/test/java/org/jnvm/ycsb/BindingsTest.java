package org.jnvm.ycsb;

import java.util.Map;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import org.jnvm.ycsb.jpdt.JpdtMapDB;
import org.jnvm.ycsb.map.VolatileMapDB;
import org.junit.jupiter.api.Nested;

/** The binding contract for every backend of this module (ycsb-runner tests its own). */
class BindingsTest {
  @Nested
  class Volatile extends BindingContract {
    String dbClass() {
      return InfinispanDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of(InfinispanDB.BACKEND_PROPERTY, "volatile");
    }

    boolean persists() {
      return false;
    }
  }

  @Nested
  class VolatileMap extends BindingContract {
    String dbClass() {
      return VolatileMapDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of();
    }

    boolean persists() {
      return false;
    }
  }

  @Nested
  class JnvmPdt extends BindingContract {
    String dbClass() {
      return InfinispanDB.class.getName();
    }

    Map<String, String> props() {
      // Two entries in memory: records are evicted and reloaded from the store's heap.
      return Map.of(InfinispanDB.BACKEND_PROPERTY, "jpdt", InfinispanDB.MEMORY_PROPERTY, "2");
    }

    boolean persists() {
      return true;
    }
  }

  @Nested
  class JnvmPfa extends BindingContract {
    String dbClass() {
      return InfinispanDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of(InfinispanDB.BACKEND_PROPERTY, "jpfa", InfinispanDB.MEMORY_PROPERTY, "2");
    }

    boolean persists() {
      return true;
    }
  }

  @Nested
  class FileStore extends BindingContract {
    String dbClass() {
      return InfinispanDB.class.getName();
    }

    Map<String, String> props() {
      // Two entries in memory: the records of these tests are read back from the store.
      return Map.of(InfinispanDB.BACKEND_PROPERTY, "sifs", InfinispanDB.MEMORY_PROPERTY, "2");
    }

    boolean persists() {
      return true;
    }
  }

  @Nested
  class JpdtHash extends BindingContract {
    String dbClass() {
      return JpdtMapDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of(JpdtMapDB.MAP_PROPERTY, "hash", JpdtMapDB.HEAP_SIZE_PROPERTY, "64M");
    }

    boolean persists() {
      return true;
    }
  }

  @Nested
  class JpdtOrdered extends BindingContract {
    String dbClass() {
      return JpdtMapDB.class.getName();
    }

    Map<String, String> props() {
      return Map.of(JpdtMapDB.MAP_PROPERTY, "ordered", JpdtMapDB.HEAP_SIZE_PROPERTY, "64M");
    }

    boolean persists() {
      return true;
    }

    @Override
    boolean scans() {
      return true;
    }
  }
}
