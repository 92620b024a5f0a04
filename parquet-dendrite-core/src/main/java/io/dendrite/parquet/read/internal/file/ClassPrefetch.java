package io.dendrite.parquet.read.internal.file;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Initializes, on a daemon thread, the classes a first read needs and whose initialization is
 * slow but independent of the file, while the reading thread reads the footer and plans:
 * parquet-java's {@code ParquetMetadata}, which builds a static (shaded) Jackson
 * {@code ObjectMapper} that our reads never use but that {@code ParquetFileReader} cannot open
 * without (about 150 ms and 375 classes in a fresh JVM), parquet-java's footer converter, and
 * zstd-jni's native library. Once per JVM; a failure here is left for the reading thread to
 * meet.
 *
 * <p>First, parquet-java's schema builders, whose static initialization starts slf4j (about
 * 25 ms): the reading thread needs them as soon as it has decoded the footer
 * ({@link FooterSchema}), sooner than anything else here.
 */
public final class ClassPrefetch {
  private static final String[] CLASSES = {
      "org.apache.parquet.schema.Types$BasePrimitiveBuilder",
      "org.apache.parquet.hadoop.metadata.ParquetMetadata",
      "org.apache.parquet.format.converter.ParquetMetadataConverter",
      "com.github.luben.zstd.Zstd"};
  private static final AtomicBoolean STARTED = new AtomicBoolean();

  private ClassPrefetch() {}

  /** Starts the initialization, the first time only. */
  public static void start() {
    if (!STARTED.compareAndSet(false, true)) {
      return;
    }
    ClassLoader loader = ClassPrefetch.class.getClassLoader();
    Thread t = new Thread(() -> {
      for (String name : CLASSES) {
        try {
          Class.forName(name, true, loader);
        } catch (Throwable e) {
          // The reading thread initializes it again and reports what fails.
        }
      }
    }, "dendrite-class-prefetch");
    t.setDaemon(true);
    t.start();
  }
}
