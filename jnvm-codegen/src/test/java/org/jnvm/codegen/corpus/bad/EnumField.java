package org.jnvm.codegen.corpus.bad;

import java.util.concurrent.TimeUnit;
import org.jnvm.core.annotation.Persistent;

@Persistent
public class EnumField {
  TimeUnit unit;
}
