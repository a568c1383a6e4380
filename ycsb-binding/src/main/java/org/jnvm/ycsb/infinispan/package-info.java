/**
 * The Infinispan embedded binding: one cache manager per JVM shared by YCSB's client threads, and
 * the persistence backends it is compared with.
 */
package org.jnvm.ycsb.infinispan;
