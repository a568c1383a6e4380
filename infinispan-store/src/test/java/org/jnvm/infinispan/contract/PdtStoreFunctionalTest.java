package org.jnvm.infinispan.contract;

import org.jnvm.infinispan.StoreMode;
import org.testng.annotations.Test;

@Test(groups = "unit", testName = "jnvm.PdtStoreFunctionalTest")
public class PdtStoreFunctionalTest extends StoreFunctionalTest {
  @Override
  StoreMode mode() {
    return StoreMode.JPDT;
  }
}
