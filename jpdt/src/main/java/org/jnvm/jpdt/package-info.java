/**
 * J-PDT values: persistent strings and arrays, and {@link org.jnvm.jpdt.PType}, the explicit
 * equivalence between a persistent value and its volatile counterpart that containers use.
 */
package org.jnvm.jpdt;
