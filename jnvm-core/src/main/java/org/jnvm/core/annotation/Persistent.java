package org.jnvm.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class whose instance fields live in persistent memory. The class is compiled as usual;
 * the code generator (jnvm-codegen: Maven plugin goal, {@code bin/jnvm codegen} or java agent) then
 * rewrites its {@code .class} file into a proxy of {@link org.jnvm.core.heap.PObject}: constructors
 * allocate in the default heap ({@link org.jnvm.core.JNVM#heap()}), field reads and writes become
 * persistent loads and stores, {@code transient} and {@code static} fields stay volatile. See
 * docs/codegen.md for the field kinds, the durability rules and the build errors.
 *
 * <pre>{@code
 * @Persistent(fa = "non-private")            // every non-private method is failure-atomic
 * class Simple {
 *   PString msg; int x; transient int y;
 *   Simple(int x) { this.x = x; this.msg = new PString("Hello, NVMM!"); }
 *   void inc() { x++; }
 * }
 * }</pre>
 *
 * Kept in class files (for the generator), not at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Persistent {
  /**
   * Which methods run as failure-atomic blocks: {@code "none"} (no method; stores are plain
   * persistent stores, see docs/codegen.md), {@code "non-private"} (every non-private instance
   * method) or {@code "all"} (every instance method). Constructors never are.
   */
  String fa() default "none";
}
