/**
 * J-PDT containers: hash maps (plain and concurrent), an ordered map and a list, each durably
 * linearizable without a log, each a persistent object usable as a heap root; their volatile
 * indexes are rebuilt, in parallel, the first time a reopened container is used.
 */
package org.jnvm.jpdt.collection;
