/**
 * YCSB straight on J-PDT maps (no Infinispan): records are persistent objects in a J-NVM heap, the
 * framework's own ceiling.
 */
package org.jnvm.ycsb.jpdt;
