package org.jnvm.dso.objects;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a shared object's method that does not change its state: the server runs it on the primary
 * without writing the object back (no store write, no entry in the deduplication table, since
 * running it twice is harmless).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ReadOnly {}
