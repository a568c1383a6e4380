/** The client transport: connections, routing, failover and exactly-once retries. */
package org.jnvm.dso.client;
