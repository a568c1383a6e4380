/** The Maven plugin: the {@code transform} goal runs the code generator in process-classes. */
package org.jnvm.maven;
