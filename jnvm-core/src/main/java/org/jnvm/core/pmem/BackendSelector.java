package org.jnvm.core.pmem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Picks the gateway backend once per JVM.
 *
 * <ol>
 *   <li>{@code -Djnvm.backend=NAME} (or the {@code JNVM_BACKEND} variable) names one: {@code
 *       patched}, {@code intrinsics}, {@code msync}, or a {@link PmemBackendProvider}'s name. A
 *       named backend that cannot run is an error, never a silent substitution.
 *   <li>Otherwise ({@code auto}): a patched JVM's public {@code Unsafe.pwb/pfence/psync}; else the
 *       JDK writeback intrinsics; else msync, with the reason the others were refused.
 * </ol>
 */
final class BackendSelector {
  static final String PROPERTY = "jnvm.backend";

  /**
   * The backend chosen and why; {@code fallback} when auto-selection had to take msync (the one
   * start-up line then is a warning, see {@link Pmem}).
   */
  record Choice(PmemBackend backend, String why, boolean fallback) {
    Choice(PmemBackend backend, String why) {
      this(backend, why, false);
    }

    String describe() {
      return backend.name() + " (" + why + "; " + jvm() + ")";
    }
  }

  private BackendSelector() {}

  static Choice select() {
    String wanted = requested();
    if (wanted.equals("auto")) {
      return auto();
    }
    Choice c = named(wanted);
    if (c == null) {
      throw new IllegalStateException(
          "unknown gateway backend: " + PROPERTY + "=" + wanted + " known=" + knownNames());
    }
    return c;
  }

  private static String requested() {
    String p = System.getProperty(PROPERTY);
    if (p == null || p.isBlank()) p = System.getenv("JNVM_BACKEND");
    return p == null || p.isBlank() ? "auto" : p.trim().toLowerCase(Locale.ROOT);
  }

  private static Choice auto() {
    List<String> refused = new ArrayList<>();
    PmemBackend b = PatchedJvmBackend.tryCreate(refused);
    if (b != null) return new Choice(b, "patched JVM: public Unsafe.pwb/pfence/psync");
    b = IntrinsicsBackend.tryCreate(refused);
    if (b != null) return new Choice(b, "JDK writeback intrinsics, inlined by C2");
    String why = "fallback: " + String.join("; ", refused);
    return new Choice(new MsyncBackend(), why, true);
  }

  private static Choice named(String name) {
    List<String> refused = new ArrayList<>();
    switch (name) {
      case "patched":
        return required(PatchedJvmBackend.tryCreate(refused), name, refused, "requested");
      case "intrinsics":
        return required(IntrinsicsBackend.tryCreate(refused), name, refused, "requested");
      case "msync":
        return new Choice(new MsyncBackend(), "requested");
      default:
        for (PmemBackendProvider p : ServiceLoader.load(PmemBackendProvider.class)) {
          if (p.name().equals(name)) {
            Choice hw = auto();
            return new Choice(p.create(hw.backend()), "requested, over " + hw.backend().name());
          }
        }
        return null;
    }
  }

  private static Choice required(PmemBackend b, String name, List<String> refused, String why) {
    if (b == null) {
      throw new IllegalStateException(
          "gateway backend " + name + " was requested but cannot run: " + refused);
    }
    return new Choice(b, why);
  }

  private static List<String> knownNames() {
    List<String> names = new ArrayList<>(List.of("auto", "patched", "intrinsics", "msync"));
    ServiceLoader.load(PmemBackendProvider.class).forEach(p -> names.add(p.name()));
    return names;
  }

  private static String jvm() {
    return "JDK " + Runtime.version() + " " + System.getProperty("java.vm.name", "?");
  }
}
