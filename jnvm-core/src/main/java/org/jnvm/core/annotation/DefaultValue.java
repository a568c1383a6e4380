package org.jnvm.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value a field added to a persistent class takes in the objects stored before it existed, when
 * a heap written by an earlier version is migrated (docs/evolution.md): {@code @DefaultValue("1")
 * long visits;}. Without it, such a field is zero, {@code false} or {@code null}. A primitive field
 * only, written as a Java literal of its type without suffix ({@code "42"}, {@code "-1"}, {@code
 * "0.5"}, {@code "true"}, a one-character string for a {@code char}); the code generator refuses a
 * value its field's type cannot hold. It does not apply to objects created by the class (their
 * constructor sets them) or to a field that was already stored.
 *
 * <p>Read by the code generator, which records it in the class's descriptor; kept in class files,
 * not at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface DefaultValue {
  String value();
}
