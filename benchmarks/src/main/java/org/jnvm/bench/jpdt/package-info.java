/** J-PDT's persistent maps against their java.util twins on the same keys and records. */
package org.jnvm.bench.jpdt;
