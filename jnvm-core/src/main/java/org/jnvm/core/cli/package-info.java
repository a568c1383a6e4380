/** Command-line tools over heap files: info and check. */
package org.jnvm.core.cli;
