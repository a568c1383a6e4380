package org.jnvm.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The earlier names of a persistent field or class, so that a heap written before a rename opens
 * with the renamed version (docs/evolution.md). On a field: the field's names in earlier versions
 * of its class ({@code @FormerNames("count") long total;}); on a {@code @Persistent} class: its
 * earlier binary names ({@code @FormerNames("com.acme.OldName")}). A stored field or class matches
 * the current one by its current name first, then by these, in order.
 *
 * <p>Read by the code generator, which records the names in the class's descriptor; kept in class
 * files, not at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.TYPE})
public @interface FormerNames {
  String[] value();
}
