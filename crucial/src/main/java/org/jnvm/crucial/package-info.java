/** CRUCIAL's execution abstractions: cloud threads and a serverless executor service. */
package org.jnvm.crucial;
