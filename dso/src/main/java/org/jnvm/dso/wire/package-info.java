/** The client protocol's frames, the call and outcome encodings, and the type allow-list. */
package org.jnvm.dso.wire;
