package io.dendrite.parquet.write.internal.records;

import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.write.internal.column.LevelRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.parquet.schema.MessageType;

/**
 * Generated record writers, one class per (record type, Parquet schema) and cached with the
 * record type: the files of a job that share a schema compile once (up to
 * {@value #MAX_SCHEMAS} schemas per type). Classes are hidden classes of this package, so they
 * unload with the record type's class loader.
 *
 * <p>The system properties of the generated record assemblers apply here too (read once):
 * {@code dendrite.records.interpret=true} never generates (records are normalized into rows
 * and written by the field writers, as the parquet-java engine writes them), and
 * {@code dendrite.records.dump=DIR} writes each class to {@code DIR} as
 * {@code <Record>-writer-<n>.class} beside the schema it was made for.
 */
public final class RecordWriters {
  private static final boolean INTERPRETED = Boolean.getBoolean("dendrite.records.interpret");
  private static final String DUMP_DIR = System.getProperty("dendrite.records.dump");

  /**
   * Schemas kept per record type. Files whose VARIANT columns' shredding is inferred may each
   * have another: past this many, a file's writer class is its own, unloaded after it.
   */
  private static final int MAX_SCHEMAS = 64;

  /** Per record type: by Parquet schema (its text), the compiled class. */
  private static final ClassValue<Map<String, Factory>> CACHE = new ClassValue<>() {
    @Override
    protected Map<String, Factory> computeValue(Class<?> type) {
      return new ConcurrentHashMap<>();
    }
  };

  /** The cache's entry for a record type and schema no class is generated for. */
  private static final Factory UNSUPPORTED = new Factory(null, List.of());

  private RecordWriters() {}

  /** Makes the writers of one record type for one Parquet schema, one per file. */
  public static final class Factory {
    private final MethodHandle constructor;
    private final List<SinkSpec> sinks;

    private Factory(MethodHandle constructor, List<SinkSpec> sinks) {
      this.constructor = constructor;
      this.sinks = sinks;
    }

    /** The values that go through sinks, in the order {@link #create} asks for them. */
    public List<SinkSpec> sinks() {
      return sinks;
    }

    /** A writer into {@code recorder}, with a sink per {@link #sinks()} entry. */
    public RecordWriter create(LevelRecorder recorder, Function<SinkSpec, ValueSink> sinkOf) {
      ValueSink[] made = new ValueSink[sinks.size()];
      for (int i = 0; i < made.length; i++) {
        made[i] = sinkOf.apply(sinks.get(i));
      }
      try {
        return (RecordWriter) constructor.invoke(recorder, made);
      } catch (Throwable e) {
        throw new IllegalStateException("cannot create a generated record writer", e);
      }
    }
  }

  /** Whether records are written by generated code: {@code dendrite.records.interpret} unset. */
  public static boolean generating() {
    return !INTERPRETED;
  }

  /**
   * The writers of records of {@code type}, whose schema is {@code schema}, into files of
   * Parquet schema {@code parquet} ({@code schema}'s, with its VARIANT columns' shredding), or
   * null when no class can be generated for them.
   */
  public static Factory forSchema(Class<? extends Record> type, RecordSchema schema,
      MessageType parquet) {
    Map<String, Factory> bySchema = CACHE.get(type);
    String key = parquet.toString();
    Factory f = bySchema.get(key);
    if (f == null) {
      f = compile(type, schema, parquet);
      if (bySchema.size() < MAX_SCHEMAS) {
        f = Objects.requireNonNullElse(bySchema.putIfAbsent(key, f), f);
      }
    }
    return f == UNSUPPORTED ? null : f;
  }

  private static Factory compile(Class<?> type, RecordSchema schema, MessageType parquet) {
    RecordWriterGenerator generator =
        new RecordWriterGenerator(type, schema.fields(), parquet);
    byte[] bytes;
    try {
      bytes = generator.generate();
    } catch (RuntimeException e) {
      // ASM's limits (a method of more than 64 KiB: records of a thousand or more components
      // in one class): written the interpreted way.
      return UNSUPPORTED;
    }
    if (DUMP_DIR != null) {
      dump(type, parquet, bytes);
    }
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClassWithClassData(bytes,
          generator.handles.toArray(), true);
      MethodHandle ctor = lookup.findConstructor(lookup.lookupClass(),
          RecordWriterGenerator.INIT_TYPE);
      return new Factory(ctor, List.copyOf(generator.sinks));
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("the generated writer of " + type.getName()
          + " does not load (set -Ddendrite.records.dump=DIR to see it,"
          + " -Ddendrite.records.interpret=true to write without it)", e);
    }
  }

  private static void dump(Class<?> type, MessageType parquet, byte[] bytes) {
    try {
      Path dir = Path.of(DUMP_DIR);
      Files.createDirectories(dir);
      String base = type.getSimpleName() + "-writer-" + System.identityHashCode(bytes);
      Files.write(dir.resolve(base + ".class"), bytes);
      Files.writeString(dir.resolve(base + ".txt"), parquet.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot dump a generated record writer to " + DUMP_DIR, e);
    }
  }
}
