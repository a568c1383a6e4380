/**
 * The code generator: turns {@code @Persistent} classes into persistent data plus proxy ({@link
 * org.jnvm.codegen.Transformer} is the engine; docs/codegen.md describes what it generates).
 */
package org.jnvm.codegen;
