/** Where functions run: the backend contract, threads, forked worker JVMs, and their protocol. */
package org.jnvm.crucial.backend;
