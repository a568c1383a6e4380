/** The J-NVM programming model: the {@link org.jnvm.core.JNVM} facade and the root exception. */
package org.jnvm.core;
