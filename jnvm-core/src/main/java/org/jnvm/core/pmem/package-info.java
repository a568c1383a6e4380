/** The gateway to persistent memory: loads, stores, write-backs, fences and mappings. */
package org.jnvm.core.pmem;
