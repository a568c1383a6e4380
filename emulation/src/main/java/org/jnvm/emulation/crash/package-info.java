/** The crash simulator: a gateway backend that explores every crash image, and its test API. */
package org.jnvm.emulation.crash;
