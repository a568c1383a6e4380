/**
 * J-PFA: failure-atomic blocks ({@link org.jnvm.jpfa.FA}), the hooks generated proxies call ({@link
 * org.jnvm.jpfa.Hooks}), and the per-block undo logs in the heap with their recovery.
 */
package org.jnvm.jpfa;
