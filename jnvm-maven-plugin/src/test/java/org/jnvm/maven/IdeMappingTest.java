package org.jnvm.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The jar tells Eclipse's m2e to run every goal in IDE builds, incremental ones included. */
class IdeMappingTest {
  @Test
  void everyGoalRunsOnIncrementalIdeBuilds() throws Exception {
    Document d;
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/m2e/lifecycle-mapping-metadata.xml")) {
      assertNotNull(in, "the mapping is missing from the jar");
      d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    }
    NodeList goals = d.getElementsByTagName("goal");
    List<String> names = new ArrayList<>();
    for (int i = 0; i < goals.getLength(); i++) names.add(goals.item(i).getTextContent());
    assertEquals(List.of("flags", "transform", "transform-test"), names);
    assertEquals(
        "true", d.getElementsByTagName("runOnIncremental").item(0).getTextContent().strip());
  }
}
