package org.jnvm.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/use.md cannot drift from what works: every part of the invoker-tested user project's POM
 * marked {@code <!-- use.md: NAME -->} ... {@code <!-- use.md: end -->} appears in the guide, line
 * for line (indentation aside). The invoker build (user-project-it) proves the project builds,
 * transforms and passes its test against this build's artifacts.
 */
class UseGuideTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern PART =
      Pattern.compile(
          "<!-- use\\.md: (\\w+) -->\\n(.*?)\\n\\s*<!-- use\\.md: end -->", Pattern.DOTALL);

  @Test
  void everyMarkedPartOfTheUserProjectIsInTheGuide() throws Exception {
    String pom = Files.readString(ROOT.resolve("user-project-it/src/it/user-project/pom.xml"));
    String guide = lines(Files.readString(ROOT.resolve("docs/use.md")));
    List<String> names = new ArrayList<>();
    Matcher m = PART.matcher(pom);
    while (m.find()) {
      names.add(m.group(1));
      String part = lines(m.group(2));
      assertTrue(
          guide.contains(part),
          "docs/use.md lacks the user project's part '" + m.group(1) + "':\n" + part);
    }
    assertEquals(List.of("flags", "bom", "dependencies", "plugin", "surefire"), names);
  }

  /** The text's lines, each without its indentation. */
  private static String lines(String s) {
    return s.lines().map(String::strip).collect(Collectors.joining("\n"));
  }
}
