/** The design brief's {@code @Persistent} example, built by the J-NVM Maven plugin. */
package org.jnvm.example;
