package io.dendrite.parquet.write;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.internal.FieldGroups;
import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.write.internal.column.LevelRecorder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/** Hands normalized {@code Object[]} rows to the field writers. */
final class RowWriteSupport extends WriteSupport<Object[]> {
  private static final String MESSAGE_NAME = "schema";

  private final RecordSchema records;
  private final MessageType schema;
  private final Map<String, String> footer;
  private final FieldWriter[] writers;
  /** Every VARIANT field's shredder, by path. */
  private final FieldWriters.VariantWriters variants;
  /** Per top-level field, its VARIANT column's shredder, or null for other fields. */
  private final VariantColumnShredder[] topVariants;
  /** Field writers with shredders of their own, for {@link #forAnotherThread()}. */
  private final Supplier<Writers> moreWriters;
  private final String[] names;
  private RecordConsumer consumer;

  /**
   * The field writers of one write support, its top-level VARIANT columns' shredders and every
   * VARIANT field's shredder by path.
   */
  private static final class Writers {
    final FieldWriter[] fields;
    final VariantColumnShredder[] topVariants;
    final FieldWriters.VariantWriters variants;

    Writers(FieldWriter[] fields, VariantColumnShredder[] topVariants,
        FieldWriters.VariantWriters variants) {
      this.fields = fields;
      this.topVariants = topVariants;
      this.variants = variants;
    }
  }

  private RowWriteSupport(RecordSchema records, MessageType schema, Map<String, String> footer,
      Supplier<Writers> moreWriters, Writers writers) {
    this.records = records;
    this.schema = schema;
    this.footer = footer;
    this.moreWriters = moreWriters;
    this.writers = writers.fields;
    this.topVariants = writers.topVariants;
    this.variants = writers.variants;
    this.names = FieldWriters.names(schema);
  }

  /**
   * The write support of a file of {@code records} whose VARIANT columns have fixed their
   * shredding: its Parquet schema, a shredder per column (variants in lists and maps get an
   * unshredded one) and the footer's {@link FooterKeys}. Without {@code variantAnnotation} the
   * VARIANT groups are written unannotated ({@link UnannotatedVariants}).
   */
  static RowWriteSupport forFile(RecordSchema records, List<VariantColumn> variantColumns,
      boolean widenExactNumerics, boolean variantAnnotation) {
    Map<String, ShreddedType> shredding = new LinkedHashMap<>();
    for (VariantColumn c : variantColumns) {
      if (c.shredding() != null) {
        shredding.put(c.path, c.shredding());
      }
    }
    MessageType annotated = records.toParquet(MESSAGE_NAME, shredding::get);
    MessageType parquetSchema = variantAnnotation ? annotated : UnannotatedVariants.of(annotated);
    Writers writers = fieldWriters(records, parquetSchema, variantColumns,
        c -> c.startShredding(widenExactNumerics));
    Map<String, String> footer = new LinkedHashMap<>();
    footer.put(FooterKeys.WRITER, FooterKeys.writerName());
    footer.put(FooterKeys.RECORD_SCHEMA, records.toString());
    if (!shredding.isEmpty()) {
      footer.put(FooterKeys.SHREDDING, ShreddingSchema.of(shredding).toString());
    }
    return new RowWriteSupport(records, parquetSchema, footer, () -> fieldWriters(records, parquetSchema,
        variantColumns, c -> c.addShredder(widenExactNumerics)), writers);
  }

  /** Field writers of a file, each VARIANT column's shredder from {@code shredders}. */
  private static Writers fieldWriters(RecordSchema records, MessageType parquetSchema,
      List<VariantColumn> variantColumns,
      Function<VariantColumn, VariantColumnShredder> shredders) {
    Map<String, VariantColumnShredder> byPath = new LinkedHashMap<>();
    for (VariantColumn c : variantColumns) {
      byPath.put(c.path, shredders.apply(c));
    }
    FieldWriters.VariantWriters variants =
        path -> byPath.computeIfAbsent(path, p -> VariantColumnShredder.create(p, null));
    FieldWriter[] fields = FieldWriters.forStruct(records.fields(), parquetSchema, "", variants);
    VariantColumnShredder[] top = new VariantColumnShredder[fields.length];
    for (int i = 0; i < top.length; i++) {
      Field f = records.fields().get(i);
      if (f.type() instanceof VariantFieldType) {
        top[i] = byPath.get(FieldPath.child("", f.name()));
      }
    }
    return new Writers(fields, top, variants);
  }

  /**
   * The shredder of top-level field {@code i} when it is a VARIANT column, else null: a row
   * whose variants are written from JSON ({@link JsonRecordParser#parseDirect}) uses them before
   * {@link #writeFields} writes the rest.
   */
  VariantColumnShredder topVariant(int i) {
    return topVariants[i];
  }

  /** The field writers' shredders by path, to write VARIANT fields as they do. */
  FieldWriters.VariantWriters variantWriters() {
    return variants;
  }

  /** The record consumer rows go to ({@link #prepareForWrite}). */
  RecordConsumer consumer() {
    return consumer;
  }

  /**
   * Writes the non-null fields of {@code row} into the record the consumer has open (its
   * message started, not ended): the fields of a row whose other fields were written apart.
   */
  void writeFields(Object[] row) {
    FieldWriters.writeSlots(consumer, row, names, writers);
  }

  /**
   * Undoes the counts of the variants shredded directly (from JSON, from Java values) since
   * the last {@link #keepCounts}.
   */
  void undoCounts() {
    for (VariantColumnShredder s : topVariants) {
      if (s != null) {
        s.undoCounts();
      }
    }
  }

  /** Keeps the counts of the variants shredded directly: their row was written. */
  void keepCounts() {
    for (VariantColumnShredder s : topVariants) {
      if (s != null) {
        s.keepCounts();
      }
    }
  }

  /**
   * The same file's write support for another thread: the same rows make the same events, and
   * its shredders are its own (shredders keep per-row scratch state), counted in the columns'
   * reports. Any thread may call this.
   */
  RowWriteSupport forAnotherThread() {
    return new RowWriteSupport(records, schema, footer, moreWriters, moreWriters.get());
  }

  /** Whether the file has a top-level VARIANT column that is shredded. */
  boolean shredsTopVariant() {
    for (VariantColumnShredder s : topVariants) {
      if (s != null && s.shreds()) {
        return true;
      }
    }
    return false;
  }

  /** The record schema of the file. */
  RecordSchema recordSchema() {
    return records;
  }

  /** The Parquet schema of the file. */
  MessageType schema() {
    return schema;
  }

  @Override
  public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
    return new WriteContext(schema, footer);
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(schema, footer);
  }

  /**
   * {@inheritDoc} Into the column engine's recorder, the top-level VARIANT columns write their
   * shredded field groups in one call each ({@link RecorderFieldGroups}).
   */
  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
    FieldGroups groups = recordConsumer instanceof LevelRecorder
        ? new RecorderFieldGroups((LevelRecorder) recordConsumer) : null;
    for (VariantColumnShredder s : topVariants) {
      if (s != null) {
        s.writeFieldGroupsTo(groups);
      }
    }
  }

  @Override
  public void write(Object[] row) {
    consumer.startMessage();
    writeFields(row);
    consumer.endMessage();
  }
}
