package org.jnvm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuideTest {
  private static final String MD =
      String.join(
          "\n",
          "# A guide",
          "```xml file=pom.xml",
          "<project/>",
          "```",
          "prose, and a block that is only shown:",
          "```java",
          "class NotAFile {}",
          "```",
          "- in a list item:",
          "  ```java file=src/main/java/A.java",
          "  class A {",
          "    int x;",
          "  }",
          "  ```",
          "````sh run",
          "# a comment",
          "mvn -q compile exec:exec",
          "",
          "mvn -B verify",
          "````",
          "```text output",
          "BUILD SUCCESS",
          "```",
          "");

  @Test
  void markedBlocksBecomeFilesAndStepsAndTheRestIsProse() {
    Guide g = Guide.parse("g.md", MD);
    assertEquals(
        Map.of("pom.xml", "<project/>\n", "src/main/java/A.java", "class A {\n  int x;\n}\n"),
        g.files());
    assertEquals(List.of("pom.xml", "src/main/java/A.java"), List.copyOf(g.files().keySet()));
    assertEquals(
        List.of(
            new Guide.Step("mvn -q compile exec:exec", List.of()),
            new Guide.Step("mvn -B verify", List.of("BUILD SUCCESS"))),
        g.steps());
  }

  @Test
  void errorsNameTheGuideAndLine() {
    assertError("g.md:4: file given twice: a", "x\n```a file=a\n```\n```b file=a\n```\n", "twice");
    assertError("g.md:1: file path must stay", "```x file=../a\n```\n", "outside");
    assertError("g.md:1: output block with no command", "```text output\nx\n```\n", "output");
    assertError("g.md:1: a run block holds mvn commands only", "```sh run\nrm -rf x\n```\n", "rm");
    assertError("g.md:2: code block never closed", "x\n```sh run\nmvn x\n", "unclosed");
  }

  @Test
  void theProjectGetsTheFilesTheCommandsAndTheExpectedOutput(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("target"));
    Files.writeString(dir.resolve("target/bank.heap"), "left by an earlier run");
    DocProject.write(Guide.parse("g.md", MD), "g.md", dir, Path.of("/opt/jdk25"));
    assertTrue(Files.notExists(dir.resolve("target")), "the project starts afresh");
    assertEquals("class A {\n  int x;\n}\n", Files.readString(dir.resolve("src/main/java/A.java")));
    String props = Files.readString(dir.resolve("invoker.properties"));
    assertTrue(props.contains("invoker.goals.1 = -q compile exec:exec\n"), props);
    assertTrue(props.contains("invoker.goals.2 = -B verify\n"), props);
    assertTrue(props.contains("invoker.environmentVariables.JAVA_HOME = /opt/jdk25\n"), props);
    assertEquals(List.of("BUILD SUCCESS"), Files.readAllLines(dir.resolve(DocRun.EXPECTED)));
    assertTrue(Files.readString(dir.resolve("postbuild.groovy")).contains("DocRun.check"));
  }

  @Test
  void theRunningJdkIsAlwaysTested() throws Exception {
    assertEquals(Runtime.version().feature(), DocProject.jdks().keySet().iterator().next());
  }

  @Test
  void docsUseMdIsAWholeProject() throws Exception {
    Guide g = Guide.parse("use.md", Files.readString(Path.of("../docs/use.md")));
    assertTrue(g.files().containsKey("pom.xml"), g.files().keySet().toString());
    assertTrue(g.steps().stream().anyMatch(s -> s.command().contains("verify")), "" + g.steps());
  }

  private static void assertError(String start, String md, String what) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Guide.parse("g.md", md), what);
    assertTrue(e.getMessage().startsWith(start), e.getMessage());
  }

  @Test
  void aReadmeIsNamedAfterItsModule() {
    assertEquals(
        "infinispan-store", DocProject.projectName(Path.of("x/infinispan-store/README.md")));
    assertEquals("use", DocProject.projectName(Path.of("docs/use.md")));
  }

  @Test
  void theStoreReadmeIsAWholeProject() throws Exception {
    Guide g = Guide.parse("README.md", Files.readString(Path.of("../infinispan-store/README.md")));
    assertTrue(g.files().containsKey("src/main/resources/infinispan.xml"), "" + g.files().keySet());
    assertEquals(2, g.steps().size(), "" + g.steps());
  }
}
