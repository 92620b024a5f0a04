package io.dendrite.parquet.bench.dataset;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * One dataset of the dataset suite: a name ({@code @Param dataset}), the Java record every
 * format materializes to, and its deterministic generator. {@code scale} 1 is the published
 * size; smaller scales give a prefix-sized sample for smoke runs.
 *
 * @param <R> the dataset's record type
 */
public final class Dataset<R extends Record> {
  public static final Dataset<Tpch.Lineitem> TPCH =
      new Dataset<>("tpch", Tpch.Lineitem.class, Tpch::generate);
  public static final Dataset<MediaContents.MediaContent> MEDIA =
      new Dataset<>("media", MediaContents.MediaContent.class, MediaContents::generate);
  public static final Dataset<UserEvents.User> EVENTS =
      new Dataset<>("events", UserEvents.User.class, UserEvents::generate);

  private final String name;
  private final Class<R> recordType;
  private final DoubleFunction<Iterator<R>> generator;

  private Dataset(String name, Class<R> recordType, DoubleFunction<Iterator<R>> generator) {
    this.name = name;
    this.recordType = recordType;
    this.generator = generator;
  }

  /** The datasets, in the order the report shows them. */
  public static List<Dataset<?>> all() {
    return List.of(TPCH, MEDIA, EVENTS);
  }

  /** The dataset called {@code name} ({@code tpch}, {@code media}, {@code events}). */
  public static Dataset<?> named(String name) {
    for (Dataset<?> d : all()) {
      if (d.name.equals(name)) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown dataset '" + name + "', expected one of "
        + all().stream().map(Dataset::name).toList());
  }

  public String name() {
    return name;
  }

  public Class<R> recordType() {
    return recordType;
  }

  /** The records of {@code scale}, generated lazily (the same records on every call). */
  public Iterator<R> generate(double scale) {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("scale must be positive: " + scale);
    }
    return generator.apply(scale);
  }

  /** The records of {@code scale} in memory. */
  public List<R> list(double scale) {
    List<R> out = new ArrayList<>();
    generate(scale).forEachRemaining(out::add);
    return out;
  }

  @Override
  public String toString() {
    return name;
  }
}
