package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.dataset.MediaContents;
import io.dendrite.parquet.bench.dataset.Tpch;
import io.dendrite.parquet.bench.dataset.UserEvents;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;

/**
 * parquet-dendrite's three layouts of the same records, written with {@link DendriteWriter}
 * and read with {@link DendriteReader} through its public API: a projection declared as the
 * record class ({@code select(Class)}) and rows converted with {@code row.as(Class)}.
 *
 * <ul>
 *   <li>{@code dendrite}: a typed Parquet schema, structs and lists, derived from the record
 *       class ({@link DendriteWriter.Builder#schema(Class)});
 *   <li>{@code dendrite-variant}: the whole record in one VARIANT column {@code v}, shredding
 *       inferred by the writer from the first rows (its default);
 *   <li>{@code dendrite-unshredded}: the same column, not shredded;
 *   <li>{@code dendrite-lz4}: the typed layout compressed with LZ4_RAW (the codec's lever:
 *       larger files, faster to decompress);
 *   <li>{@code dendrite-auto}, {@code dendrite-variant-auto}: the typed and the VARIANT layout
 *       with each column chunk's encoding chosen from its values ({@code encodings(AUTO)}).
 * </ul>
 *
 * <p>Every file: {@link #codec()}, row groups of {@link #ROW_GROUP_BYTES} (so that {@code -par},
 * {@code parallelism(n)} on row groups, has several to share), the writer's other defaults.
 * A {@code -par} format also writes with {@code parallelism(n)}: row groups encoded and
 * compressed on n threads while the next fills (the row formats' writes stay serial).
 */
final class DendriteFormat implements DatasetFormat {
  /** Row group size of the dendrite files. */
  static final long ROW_GROUP_BYTES = 16L << 20;

  /** The layouts, by format name. */
  enum Layout {
    TYPED("dendrite"), VARIANT("dendrite-variant"), UNSHREDDED("dendrite-unshredded"),
    /** The typed layout with LZ4_RAW pages instead of {@link #codec()}'s. */
    TYPED_LZ4("dendrite-lz4"),
    /** The typed layout, each column chunk's encoding chosen from its values. */
    TYPED_AUTO("dendrite-auto"),
    /** The inferred VARIANT layout, each column chunk's encoding chosen from its values. */
    VARIANT_AUTO("dendrite-variant-auto");

    final String formatName;

    Layout(String formatName) {
      this.formatName = formatName;
    }

    /** Whether the records are written as typed columns (else as the VARIANT column v). */
    boolean typed() {
      return this == TYPED || this == TYPED_LZ4 || this == TYPED_AUTO;
    }

    /** Whether encodings are chosen from the data ({@link DendriteWriter.Encodings#AUTO}). */
    boolean autoEncodings() {
      return this == TYPED_AUTO || this == VARIANT_AUTO;
    }
  }

  /** A record as the single VARIANT column {@code v}, for {@code select(Class)}. */
  public interface VariantRow {
    Record v();
  }

  public record TpchVariant(Tpch.Lineitem v) implements VariantRow {}

  public record MediaVariant(MediaContents.MediaContent v) implements VariantRow {}

  public record EventsVariant(UserEvents.User v) implements VariantRow {}

  private final Layout layout;
  private final int threads;

  DendriteFormat(Layout layout, int threads) {
    this.layout = layout;
    this.threads = threads;
  }

  /**
   * Parquet codec of the dendrite files. A method, not a constant: core's {@link Codec} loads
   * parquet-java's codec enums, and making a format must load neither
   * ({@code DatasetFirstReadBenchmark} makes its format before the measured first read).
   */
  static Codec codec() {
    return Codec.ZSTD;
  }

  @Override
  public String name() {
    return layout.formatName + (threads > 1 ? DatasetFormats.PARALLEL_SUFFIX : "");
  }

  @Override
  public String fileFormat() {
    return layout.formatName;
  }

  static Class<? extends Record> variantRow(Dataset<?> dataset) {
    if (dataset == Dataset.TPCH) {
      return TpchVariant.class;
    } else if (dataset == Dataset.MEDIA) {
      return MediaVariant.class;
    } else if (dataset == Dataset.EVENTS) {
      return EventsVariant.class;
    }
    throw new IllegalArgumentException("no variant row type for dataset " + dataset);
  }

  @Override
  public <R extends Record> void write(Dataset<R> dataset, Iterator<R> records, Path file)
      throws IOException {
    DendriteWriter.Builder b = DendriteWriter.builder(file)
        .codec(layout == Layout.TYPED_LZ4 ? Codec.LZ4_RAW : codec())
        .rowGroupSize(ROW_GROUP_BYTES)
        .parallelism(threads);
    if (layout.autoEncodings()) {
      b.encodings(DendriteWriter.Encodings.AUTO);
    }
    if (layout.typed()) {
      b.schema(dataset.recordType());
    } else {
      b.schema("v variant");
      if (layout == Layout.UNSHREDDED) {
        b.unshredded();
      }
    }
    try (DendriteWriter w = b.build()) {
      while (records.hasNext()) {
        R record = records.next();
        if (layout.typed()) {
          w.write(record);
        } else {
          w.write(Map.of("v", record)); // an object of the record's non-null components
        }
      }
    }
  }

  @Override
  public <R extends Record> void read(Dataset<R> dataset, Path file, Consumer<? super R> sink)
      throws IOException {
    Class<R> type = dataset.recordType();
    if (layout.typed()) {
      try (DendriteReader r = DendriteReader.builder(file).select(type).parallelism(threads)
          .build()) {
        DendriteRow row;
        while ((row = r.read()) != null) {
          sink.accept(row.as(type));
        }
      }
      return;
    }
    Class<? extends Record> wrapper = variantRow(dataset);
    try (DendriteReader r = DendriteReader.builder(file).select(wrapper).parallelism(threads)
        .build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        sink.accept(type.cast(((VariantRow) row.as(wrapper)).v()));
      }
    }
  }
}
