package com.example.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The user's own test: accounts survive a reopen, and a failed transfer leaves nothing behind. */
class BankTest {
  @Test
  void accountsSurviveAReopenAndAFailedTransferIsUndone() throws Exception {
    Path file = Path.of("/dev/shm", "jnvm-user-project-" + ProcessHandle.current().pid());
    try {
      try (Bank b = Bank.open(file)) {
        Account alice = b.open("alice", 100);
        Account bob = b.open("bob", 50);
        alice.transfer(bob, 30);
      }
      try (Bank b = Bank.open(file)) {
        assertEquals(70, b.get("alice").balance());
        assertEquals(80, b.get("bob").balance());
        assertThrows(
            IllegalStateException.class, () -> b.get("alice").transfer(b.get("bob"), 500));
        assertEquals(70, b.get("alice").balance(), "the failed transfer was rolled back");
        assertEquals(150, b.total());
      }
      try (Bank b = Bank.open(file)) {
        assertEquals(70, b.get("alice").balance());
        assertEquals("bob", b.get("bob").owner());
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
