package org.jnvm.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Proves where an invoked build took J-NVM from (its invoker post-build script, in the release
 * build): Maven records, in each artifact folder's {@code _remote.repositories}, the repository
 * every file came from; each J-NVM file ({@code org/jnvm/...}) of the build's own local repository
 * must name the release repository, not the outer local repository nor anything else.
 */
public final class RepoOrigin {
  private static final String RECORD = "_remote.repositories";

  private RepoOrigin() {}

  /**
   * Throws {@link AssertionError} if a J-NVM file in {@code localRepo} came from another repository
   * than {@code repoId}, or if none came at all; does nothing when {@code repoId} is null or blank
   * (the default build installs the reactor's artifacts into {@code localRepo} instead).
   */
  public static void check(Path localRepo, String repoId) throws IOException {
    if (repoId == null || repoId.isBlank()) return;
    Path jnvm = localRepo.resolve("org/jnvm");
    List<String> files = new ArrayList<>();
    try (Stream<Path> s = Files.isDirectory(jnvm) ? Files.walk(jnvm) : Stream.empty()) {
      for (Path record : (Iterable<Path>) s.filter(p -> p.endsWith(RECORD))::iterator) {
        files.addAll(checkRecord(record, repoId));
      }
    }
    if (files.isEmpty()) {
      throw new AssertionError("no J-NVM artifact resolved from " + repoId + " under " + jnvm);
    }
    System.out.println("[repo-origin] " + files.size() + " J-NVM files, all from " + repoId);
  }

  /** The files {@code record} lists, each checked to come from {@code repoId}. */
  static List<String> checkRecord(Path record, String repoId) throws IOException {
    List<String> files = new ArrayList<>();
    for (String line : Files.readAllLines(record)) {
      if (line.isBlank() || line.startsWith("#")) continue;
      int gt = line.lastIndexOf('>');
      String from = gt < 0 ? "" : line.substring(gt + 1).replaceFirst("=$", "");
      if (!from.equals(repoId)) {
        throw new AssertionError(
            "J-NVM file not from "
                + repoId
                + ": "
                + line
                + " (from '"
                + from
                + "', recorded in "
                + record
                + ")");
      }
      files.add(line.substring(0, gt));
    }
    return files;
  }
}
