/** The library's client-side shared objects, twins of java.util.concurrent types. */
package org.jnvm.dso.lib;
