package org.jnvm.infinispan.contract;

import org.jnvm.infinispan.StoreMode;
import org.testng.annotations.Test;

@Test(groups = "unit", testName = "jnvm.PfaParallelIterationTest")
public class PfaParallelIterationTest extends StoreParallelIterationTest {
  @Override
  StoreMode mode() {
    return StoreMode.JPFA;
  }
}
