package org.jnvm.infinispan.contract;

import org.jnvm.infinispan.StoreMode;
import org.testng.annotations.Test;

@Test(groups = "unit", testName = "jnvm.PdtParallelIterationTest")
public class PdtParallelIterationTest extends StoreParallelIterationTest {
  @Override
  StoreMode mode() {
    return StoreMode.JPDT;
  }
}
