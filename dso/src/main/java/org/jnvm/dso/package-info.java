/** The DSO client API: DsoClient (connection and factories), Shared fields, references, errors. */
package org.jnvm.dso;
