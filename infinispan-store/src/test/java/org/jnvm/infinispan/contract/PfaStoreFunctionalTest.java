package org.jnvm.infinispan.contract;

import org.jnvm.infinispan.StoreMode;
import org.testng.annotations.Test;

@Test(groups = "unit", testName = "jnvm.PfaStoreFunctionalTest")
public class PfaStoreFunctionalTest extends StoreFunctionalTest {
  @Override
  StoreMode mode() {
    return StoreMode.JPFA;
  }
}
