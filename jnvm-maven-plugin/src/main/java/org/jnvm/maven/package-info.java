/**
 * The Maven plugin: {@code transform} runs the code generator after the compiler, {@code flags}
 * gives the JVM flags.
 */
package org.jnvm.maven;
