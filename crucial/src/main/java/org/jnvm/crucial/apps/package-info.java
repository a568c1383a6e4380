/** CRUCIAL's sample applications on cloud threads and DSO objects, and their launcher. */
package org.jnvm.crucial.apps;
