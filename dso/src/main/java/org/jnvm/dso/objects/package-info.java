/**
 * Server-side state of shared objects: deterministic classes run on the primary and re-run on
 * backups.
 */
package org.jnvm.dso.objects;
