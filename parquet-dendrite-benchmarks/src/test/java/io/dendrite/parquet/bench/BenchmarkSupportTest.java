package io.dendrite.parquet.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

class BenchmarkSupportTest {
  private static Logger logger(boolean debug) {
    return (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(),
        new Class<?>[] {Logger.class}, (proxy, method, args) -> switch (method.getName()) {
          case "isDebugEnabled" -> debug;
          case "getName" -> "org.apache.parquet";
          default -> null;
        });
  }

  @Test
  void debugLoggingFailsLoudly() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> BenchmarkSupport.requireQuiet(logger(true)));
    assertTrue(e.getMessage().contains("org.apache.parquet"), e.getMessage());
    assertDoesNotThrow(() -> BenchmarkSupport.requireQuiet(logger(false)));
  }

  /** The module's own binding (slf4j-simple at WARN) passes the check. */
  @Test
  void theModulesLoggingIsQuiet() {
    assertDoesNotThrow(BenchmarkSupport::requireQuietLogging);
  }
}
