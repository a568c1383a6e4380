/** The optional java agent: the code generator at class-load time. */
package org.jnvm.codegen.agent;
