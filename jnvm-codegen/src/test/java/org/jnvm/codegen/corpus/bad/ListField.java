package org.jnvm.codegen.corpus.bad;

import java.util.List;
import org.jnvm.core.annotation.Persistent;

@Persistent
public class ListField {
  List<String> items;
}
