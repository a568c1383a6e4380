/** The annotation that code generated persistent classes start from ({@code @Persistent}). */
package org.jnvm.core.annotation;
