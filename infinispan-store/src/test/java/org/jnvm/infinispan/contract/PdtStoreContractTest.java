package org.jnvm.infinispan.contract;

import org.jnvm.infinispan.StoreMode;
import org.testng.annotations.Test;

@Test(groups = "unit", testName = "jnvm.PdtStoreContractTest")
public class PdtStoreContractTest extends StoreContractTest {
  @Override
  StoreMode mode() {
    return StoreMode.JPDT;
  }
}
