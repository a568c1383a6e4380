package org.jnvm.infinispan.contract;

import org.jnvm.infinispan.StoreMode;
import org.testng.annotations.Test;

@Test(groups = "unit", testName = "jnvm.PfaStoreContractTest")
public class PfaStoreContractTest extends StoreContractTest {
  @Override
  StoreMode mode() {
    return StoreMode.JPFA;
  }
}
