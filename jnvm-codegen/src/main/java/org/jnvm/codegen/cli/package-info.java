/** The command line of the code generator ({@code bin/jnvm codegen}). */
package org.jnvm.codegen.cli;
