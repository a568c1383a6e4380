/**
 * A DSO node: Infinispan cluster member, recovery, call execution, parked calls, client listener.
 */
package org.jnvm.dso.server;
