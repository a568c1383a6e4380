/** Field access through a persistent proxy against a plain Java object's field. */
package org.jnvm.bench.proxy;
