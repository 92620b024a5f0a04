package io.dendrite.parquet.write;

import java.io.IOException;
import java.nio.file.Path;

/** Runs writes with the write engine property ({@link ParquetWriters#ENGINE_PROPERTY}) set. */
final class WriteEngines {
  private WriteEngines() {}

  interface Write {
    Path run() throws IOException;
  }

  /** Runs {@code write} with the engine property set to {@code engine} (null: unset). */
  static Path with(String engine, Write write) throws IOException {
    String before = System.getProperty(ParquetWriters.ENGINE_PROPERTY);
    if (engine == null) {
      System.clearProperty(ParquetWriters.ENGINE_PROPERTY);
    } else {
      System.setProperty(ParquetWriters.ENGINE_PROPERTY, engine);
    }
    try {
      return write.run();
    } finally {
      if (before == null) {
        System.clearProperty(ParquetWriters.ENGINE_PROPERTY);
      } else {
        System.setProperty(ParquetWriters.ENGINE_PROPERTY, before);
      }
    }
  }
}
