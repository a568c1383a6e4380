/**
 * The store's configuration: builder, configuration, XML parser and its elements and attributes.
 */
package org.jnvm.infinispan.configuration;
